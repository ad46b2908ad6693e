import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, launchBrowser, newPage, newPhonePage } from './browser';
import { registerViaDialog, startDemoFromLanding, uniqueEmail, waitForTitle, waitForToast } from './flows';
import { openVerificationLink } from './mail';
import { depositViaApi } from './money-flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openPortfolio(page: Page) {
  await page.goto('/portfolio');
  await waitForTitle(page, 'Portfolio');
}

const tab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Portfolio sections' }).getByRole('tab', { name });

async function fillTrade(
  page: Page,
  order: { side: 'Buy' | 'Sell'; asset: string; quantity: string; price?: string },
) {
  await tab(page, 'Trade').click();
  const form = page.getByRole('form', { name: 'Trade' });
  await form.getByRole('group', { name: 'Order side' }).getByRole('button', { name: order.side }).click();
  await form.getByLabel('Asset').selectOption(order.asset);
  await form.getByLabel('Quantity').fill(order.quantity);
  await form.getByLabel('Limit price (USD, optional)').fill(order.price ?? '');
  await form.getByRole('button', { name: 'Review order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review order' });
  await dialog.waitFor();
  return dialog;
}

const usd = async (page: Page) => {
  const wallets = (await (await page.request.get('/api/wallets')).json()) as {
    currency: string;
    balance: string;
  }[];
  return wallets.find((wallet) => wallet.currency === 'USD')!.balance;
};

describe('Portfolio & Trading', () => {
  it('buys 0.01 BTC at market at the quoted total, then places and cancels a limit order', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('trader');
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    await depositViaApi(page, 'USD', '5000.00');
    await openPortfolio(page);
    await expectNoSeriousAxeViolations(page, 'portfolio holdings (empty)');

    const review = await fillTrade(page, { side: 'Buy', asset: 'BTC', quantity: '0.01' });
    // Market Prices beside the form: each pair with its last 24 hours drawn.
    await page.getByTestId('market-price-BTC').locator('polyline').waitFor({ state: 'attached' });
    const total = (await review.getByTestId('confirm-total').innerText()).match(/\$[\d,]+\.\d{2}/)![0];
    expect(await review.innerText()).toMatch(/held for \d+s/i);
    await expectNoSeriousAxeViolations(page, 'trade review');
    await review.getByRole('button', { name: 'Confirm buy' }).click();
    await waitForToast(page, 'Trade Executed');
    const paid = Number(total.replace(/[$,]/g, ''));
    await expect.poll(async () => Number(await usd(page))).toBeCloseTo(5000 - paid, 2);

    await tab(page, 'Holdings').click();
    const holdings = page.getByRole('list', { name: 'Holdings' });
    await holdings.getByText('0.01', { exact: false }).first().waitFor();
    await expectNoSeriousAxeViolations(page, 'portfolio holdings');

    // A limit buy far below the market: its total is reserved at once and it waits.
    const limit = await fillTrade(page, { side: 'Buy', asset: 'ETH', quantity: '0.5', price: '100.00' });
    expect(await limit.getByTestId('confirm-total').innerText()).toContain('$50.25');
    await limit.getByRole('button', { name: 'Place order' }).click();
    await waitForToast(page, 'Order Placed');
    await tab(page, 'Orders').click();
    const orders = page.getByRole('list', { name: 'Orders' });
    await orders.getByText('Pending').first().waitFor();
    await expectNoSeriousAxeViolations(page, 'portfolio orders');
    const beforeCancel = Number(await usd(page));
    await orders.getByRole('button', { name: /^Cancel buy order of/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this order?' });
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await waitForToast(page, 'Order Cancelled');
    await orders.getByText('Cancelled').first().waitFor();
    await expect.poll(async () => Number(await usd(page))).toBeCloseTo(beforeCancel + 50.25, 2);

    await tab(page, 'Goals').click();
    await expectNoSeriousAxeViolations(page, 'portfolio goals');
    await page.context().close();
  });

  it('creates a savings goal, contributes to it, withdraws and deletes it', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('saver');
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    await depositViaApi(page, 'USD', '2000.00');
    await openPortfolio(page);
    await tab(page, 'Goals').click();
    await page.getByText('No savings goals yet').waitFor();
    await page.getByRole('button', { name: 'New goal' }).click();
    const form = page.getByRole('form', { name: 'Create savings goal' });
    await form.getByLabel('Title').fill('Taxes 2027');
    await form.getByLabel('Category').selectOption('Taxes');
    await form.getByLabel('Target amount').fill('1200');
    await form.getByLabel('Target date').fill(`${new Date().getUTCFullYear() + 1}-04-15`);
    await form.getByLabel('Set aside from incoming payments (%, optional)').fill('25');
    await expectNoSeriousAxeViolations(page, 'create goal dialog');
    await form.getByRole('button', { name: 'Create goal' }).click();
    await waitForToast(page, 'Goal Created');

    const card = page.getByTestId('goal-card').filter({ hasText: 'Taxes 2027' });
    await card.getByRole('button', { name: 'Contribute' }).click();
    const contribute = page.getByRole('form', { name: 'Contribute Taxes 2027' });
    await contribute.getByLabel('Amount (USD)').fill('300');
    await contribute.getByRole('button', { name: 'Contribute' }).click();
    await waitForToast(page, 'Contribution Added');
    await expect.poll(() => card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(await card.innerText()).toContain('$300.00');
    expect(await card.innerText()).toContain('Takes 25% of incoming USD payments');
    expect(await usd(page)).toBe('1700.00');
    await expectNoSeriousAxeViolations(page, 'portfolio goals with a goal');

    await card.getByRole('button', { name: 'Withdraw' }).click();
    const withdraw = page.getByRole('form', { name: 'Withdraw Taxes 2027' });
    await withdraw.getByLabel('Amount (USD)').fill('300');
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await waitForToast(page, 'Withdrawal Made');
    await expect.poll(() => usd(page)).toBe('2000.00');
    await card.getByRole('button', { name: 'Delete Taxes 2027' }).click();
    await waitForToast(page, 'Goal Deleted');
    await page.getByText('No savings goals yet').waitFor();
    await page.context().close();
  });

  it("shows the demo's BTC with its cost and P&L, and fits a phone", async () => {
    const page = await newPhonePage(browser);
    await startDemoFromLanding(page);
    await openPortfolio(page);
    const holdings = page.getByRole('list', { name: 'Holdings' });
    await holdings.getByText('0.25', { exact: false }).first().waitFor();
    expect(await holdings.innerText()).toContain('Avg. buy price');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await tab(page, 'Trade').click();
    await page.getByRole('form', { name: 'Trade' }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectNoSeriousAxeViolations(page, 'portfolio trade tab on a phone');
    await page.context().close();
  });
});
