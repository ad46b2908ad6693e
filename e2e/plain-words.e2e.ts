import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { startDemoFromLanding, uniqueEmail, waitForTitle, waitForToast } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const dueInAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

async function draftInvoice(page: Page, projectTitle: string) {
  const created = await page.request.post('/api/invoices', {
    data: {
      clientName: 'Initech',
      clientEmail: uniqueEmail('initech'),
      projectTitle,
      amount: '250.00',
      dueDate: dueInAMonth(),
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string; invoiceNumber: string };
}

describe.each(laptopAndPhone)('plain words and asking first, on a %s', (size, open) => {
  let page: Page;
  beforeAll(async () => {
    page = await open(browser);
    await startDemoFromLanding(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('marks the demo as a sandbox with simulated money, quietly, in both themes', async () => {
    const banner = page.getByRole('region', { name: 'Demo account' });
    expect(await banner.innerText()).toMatch(/This is a demo\.\s+The money here is simulated/);
    await expectNoSeriousAxeViolations(page, `demo banner (${size})`);
    await page.evaluate(() => localStorage.setItem('meridian-theme', 'dark'));
    await page.reload();
    await banner.waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoSeriousAxeViolations(page, `demo banner (${size}, dark)`);
    await page.evaluate(() => localStorage.setItem('meridian-theme', 'light'));
  });

  it('calls a healthy sandbox working on System Status, with warnings counted apart', async () => {
    await page.goto('/system-status');
    await waitForTitle(page, 'System Status');
    const overall = page.getByTestId('system-overall');
    await overall.waitFor();
    expect(await overall.innerText()).toMatch(/^Overall: All systems working \(\d+ simulated\)$/);
    await page.getByText('Warnings', { exact: true }).waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/\d+%/);
  });

  it('shows a cancelled limit order as released money, not an exchange', async () => {
    const placed = await page.request.post('/api/trade', {
      data: { type: 'buy', asset: 'BTC', quantity: '0.001', price: '100.00' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(placed.status()).toBeLessThan(300);
    const orders = (await (await page.request.get('/api/trading-orders')).json()) as {
      id: string;
      status: string;
    }[];
    const pending = orders.find((order) => order.status === 'pending')!;
    expect((await page.request.delete(`/api/trading-orders/${pending.id}`)).status()).toBe(204);
    await page.goto('/history');
    await waitForTitle(page, 'Transaction History');
    const row = page.getByTestId('history-row').filter({ hasText: 'Limit order cancelled' }).first();
    expect(await row.getByTestId('history-amount').innerText()).toMatch(
      /^Limit order cancelled, \$\d+\.\d{2} released$/,
    );
    expect(await row.getByTestId('history-status').innerText()).toBe('Cancelled');
  });

  it('asks before deleting a draft, and before sending one, showing the email', async () => {
    const kept = await draftInvoice(page, 'Kept and sent');
    const doomed = await draftInvoice(page, 'Deleted');
    await page.goto('/invoices');
    await waitForTitle(page, 'Invoices');

    const doomedRow = page.getByTestId('invoice-row').filter({ hasText: doomed.invoiceNumber });
    await doomedRow.getByRole('button', { name: `View ${doomed.invoiceNumber}` }).click();
    const detail = page.getByRole('dialog', { name: new RegExp(doomed.invoiceNumber) });
    await detail.getByRole('button', { name: 'Delete draft' }).click();
    const confirmDelete = page.getByRole('alertdialog', { name: `Delete ${doomed.invoiceNumber}?` });
    await confirmDelete.waitFor();
    // It opens on Cancel: the key that opened it cannot confirm it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await expectNoSeriousAxeViolations(page, `delete draft: confirm (${size})`);
    await confirmDelete.getByRole('button', { name: 'Delete draft' }).click();
    await waitForToast(page, 'Invoice Deleted');
    await expect.poll(() => doomedRow.count()).toBe(0);

    const keptRow = page.getByTestId('invoice-row').filter({ hasText: kept.invoiceNumber });
    await keptRow.getByRole('button', { name: `Send ${kept.invoiceNumber}` }).click();
    const confirmSend = page.getByRole('alertdialog', { name: `Send ${kept.invoiceNumber}?` });
    const subject = confirmSend.getByTestId('email-preview-subject');
    await subject.waitFor();
    expect(await subject.innerText()).toMatch(
      new RegExp(`^Invoice ${kept.invoiceNumber} from .*: \\$250\\.00 due`),
    );
    expect(await confirmSend.getByTestId('email-preview-text').innerText()).toContain('Pay online:');
    // A demo emails nobody, and says so.
    await confirmSend.getByText(/This is a demo: .* no email goes out/).waitFor();
    await expectNoSeriousAxeViolations(page, `send invoice: confirm with the email (${size})`);
    await confirmSend.getByRole('button', { name: 'Cancel' }).click();
    await confirmSend.waitFor({ state: 'hidden' });
    expect(await keptRow.getByTestId('invoice-status').innerText()).toContain('Draft');
    await keptRow.getByRole('button', { name: `Send ${kept.invoiceNumber}` }).click();
    await confirmSend.getByRole('button', { name: 'Send invoice' }).click();
    await waitForToast(page, 'Status Updated');
    await keptRow.getByTestId('invoice-status').filter({ hasText: 'Sent' }).waitFor();
  });

  it('says what a goal holds when asked for more than that', async () => {
    const title = `Trip ${size}`;
    const goal = (await (
      await page.request.post('/api/savings-goals', {
        data: {
          title,
          category: 'Taxes',
          targetAmount: '1000.00',
          currency: 'USD',
          targetDate: dueInAMonth(),
        },
      })
    ).json()) as { id: string };
    const saved = await page.request.post(`/api/savings-goals/${goal.id}/contribute`, {
      data: { amount: '300.00' },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(saved.status()).toBe(201);
    await page.goto('/portfolio');
    await waitForTitle(page, 'Portfolio');
    await page
      .getByRole('tablist', { name: 'Portfolio sections' })
      .getByRole('tab', { name: 'Goals' })
      .click();
    const card = page.getByTestId('goal-card').filter({ hasText: title });
    await card.getByRole('button', { name: 'Withdraw' }).click();
    const withdraw = page.getByRole('form', { name: `Withdraw ${title}` });
    await withdraw.getByLabel('Amount (USD)').fill('500');
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await withdraw.getByText(`“${title}” holds $300.00: you can take out at most that`).waitFor();
    expect(await withdraw.innerText()).not.toContain('Insufficient funds in your USD wallet');
    await page.keyboard.press('Escape');
  });

  it('asks before deleting a notification', async () => {
    await page.goto('/dashboard');
    await waitForTitle(page, 'Dashboard');
    await page
      .locator('header')
      .getByRole('button', { name: /^Notifications/ })
      .click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const items = panel.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await items.first().waitFor();
    const before = await items.count();
    const deleteFirst = async () => {
      await panel
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Delete' }).click();
    };
    await deleteFirst();
    const confirmDelete = page.getByRole('alertdialog', { name: 'Delete this notification?' });
    await confirmDelete.waitFor();
    await expectNoSeriousAxeViolations(page, `delete a notification: confirm (${size})`);
    await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
    await confirmDelete.waitFor({ state: 'hidden' });
    expect(await items.count()).toBe(before);
    await deleteFirst();
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => items.count()).toBe(before - 1);
    await page.keyboard.press('Escape');
  });

  it('refuses card limits that contradict each other, and asks before opening a wallet for a card', async () => {
    await page.goto('/cards');
    await waitForTitle(page, 'My Cards');
    await page.getByTestId('card-tile').first().waitFor();
    await page
      .getByRole('tablist', { name: 'Card sections' })
      .getByRole('tab', { name: 'Spending Limits' })
      .click();
    await page.getByLabel(/^Per payment limit/).fill('600');
    await page.getByLabel(/^Daily limit/).fill('500');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await page.getByText('The per-payment limit cannot be above the daily limit').waitFor();

    const walletsBefore = (await (await page.request.get('/api/wallets')).json()) as { currency: string }[];
    expect(walletsBefore.some((wallet) => wallet.currency === 'JPY')).toBe(false);
    await page.getByRole('tablist', { name: 'Card sections' }).getByRole('tab', { name: 'My Cards' }).click();
    await page.getByRole('button', { name: 'Create Card' }).first().click();
    const create = page.getByRole('form', { name: 'Create card' });
    await create.getByLabel('Wallet').selectOption('JPY');
    await create.getByText('You have no JPY wallet yet: the card opens one.').waitFor();
    await create.getByRole('button', { name: 'Create card' }).click();
    const confirmOpen = page.getByRole('alertdialog', { name: 'Open a JPY wallet?' });
    await confirmOpen.getByText(/opens a JPY wallet with ¥0/).waitFor();
    await expectNoSeriousAxeViolations(page, `open a wallet for a card: confirm (${size})`);
    await confirmOpen.getByRole('button', { name: 'Cancel' }).click();
    const walletsNow = (await (await page.request.get('/api/wallets')).json()) as { currency: string }[];
    expect(walletsNow.some((wallet) => wallet.currency === 'JPY')).toBe(false);
    await create.getByRole('button', { name: 'Create card' }).click();
    await confirmOpen.getByRole('button', { name: 'Open wallet and create card' }).click();
    await waitForToast(page, 'Card Created');
  });
});
