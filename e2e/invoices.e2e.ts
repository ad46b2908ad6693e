import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from '../server/src/test/smtp';
import { expectNoSeriousAxeViolations, launchBrowser, newPage, newPhonePage } from './browser';
import { registerViaDialog, uniqueEmail, waitForTitle, waitForToast } from './flows';
import { openVerificationLink, waitForMail } from './mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const year = new Date().getUTCFullYear();

async function openInvoices(page: Page) {
  await page.goto('/invoices');
  await waitForTitle(page, 'Invoices');
}

const usdBalance = async (page: Page) => {
  const wallets = (await (await page.request.get('/api/wallets')).json()) as Array<{
    currency: string;
    balance: string;
  }>;
  return wallets.find((wallet) => wallet.currency === 'USD')!.balance;
};

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('Invoices & Billing', () => {
  it('creates an invoice, sends it, and the client pays it signed out through the link: paid, wallet up', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('freelancer');
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    await openInvoices(page);
    await page.getByText('No invoices yet').waitFor();
    await expectNoSeriousAxeViolations(page, 'invoices (empty)');

    // The sketch's rule: the required fields, or Missing Information.
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await waitForToast(page, 'Missing Information');

    const client = uniqueEmail('client');
    await dialog.getByLabel('Client name *').fill('Acme Studio');
    await dialog.getByLabel('Client email *').fill(client);
    await dialog.getByLabel('Project title *').fill('Brand refresh');
    await dialog.getByLabel('Description', { exact: true }).first().fill('Logo and type');
    await dialog.locator('#invoice-line-0-description').fill('Design days');
    await dialog.locator('#invoice-line-0-quantity').fill('2');
    await dialog.locator('#invoice-line-0-price').fill('150.00');
    await dialog.getByLabel('Tax rate (%)').fill('10');
    // The dialog previews what the server will charge.
    await expect.poll(() => dialog.getByTestId('invoice-draft-total').textContent()).toBe('$330.00');
    await expectNoSeriousAxeViolations(page, 'create invoice dialog');
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await waitForToast(page, 'Invoice Created');

    const number = `INV-${year}-0001`;
    const row = page.getByTestId('invoice-row').filter({ hasText: number });
    await row.getByTestId('invoice-status').filter({ hasText: 'Draft' }).waitFor();

    // A draft can still change: no tax after all.
    await row.getByRole('button', { name: `View ${number}` }).click();
    await page
      .getByRole('dialog', { name: new RegExp(number) })
      .getByRole('button', { name: 'Edit' })
      .click();
    const editor = page.getByRole('dialog', { name: `Edit ${number}` });
    await editor.getByLabel('Tax rate (%)').fill('0');
    await expect.poll(() => editor.getByTestId('invoice-draft-total').textContent()).toBe('$300.00');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await waitForToast(page, 'Invoice Updated');
    await row.getByText('$300.00').waitFor();

    await row.getByRole('button', { name: `Send ${number}` }).click();
    // Sending asks first, showing the email the client will get.
    const confirmSend = page.getByRole('alertdialog', { name: `Send ${number}?` });
    await confirmSend.getByTestId('email-preview-subject').waitFor();
    await confirmSend.getByRole('button', { name: 'Send invoice' }).click();
    await waitForToast(page, 'Status Updated');
    await row.getByTestId('invoice-status').filter({ hasText: 'Sent' }).waitFor();

    // The client's email: the pay link, and the PDF attached.
    const mail = await waitForMail(client, new RegExp(`^Invoice ${number} from`));
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/);
    const payLink = linkIn(mail);
    expect(payLink).toMatch(/\/pay\/[A-Za-z0-9_-]{22}$/);

    await row.getByRole('button', { name: `View ${number}` }).click();
    const detail = page.getByRole('dialog', { name: new RegExp(number) });
    await expect
      .poll(() => detail.getByRole('textbox', { name: 'Pay link for your client' }).inputValue())
      .toBe(payLink);
    await expect.poll(() => detail.getByTestId('invoice-email').textContent()).toMatch(/Invoice emailed to/);
    await detail.getByTestId('home-at-issue').waitFor();
    await expectNoSeriousAxeViolations(page, 'invoice detail');
    await page.keyboard.press('Escape');

    // The client: another browser, no account.
    const clientPage = await newPage(browser);
    await clientPage.goto(payLink);
    await clientPage.getByRole('heading', { name: `Invoice ${number}` }).waitFor();
    expect(await clientPage.getByTestId('pay-total').textContent()).toBe('$300.00');
    await expectNoSeriousAxeViolations(clientPage, 'pay page');
    await clientPage.getByRole('button', { name: 'Pay $300.00' }).click();
    await clientPage.getByText(/^Paid on .*Thank you/).waitFor();
    await expectNoSeriousAxeViolations(clientPage, 'pay page (paid)');

    // The freelancer: paid, counted, and the money is in the wallet.
    await openInvoices(page);
    await row.getByTestId('invoice-status').filter({ hasText: 'Paid' }).waitFor();
    expect(await page.getByTestId('invoices-revenue').textContent()).toBe('$300.00');
    expect(await usdBalance(page)).toBe('300.00');
    await expectNoSeriousAxeViolations(page, 'invoices (paid)');
    await clientPage.context().close();
    await page.context().close();
  });

  it("names a line or total past the currency's ceiling in the dialog, and refuses the owner on their own pay link", async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('ceiling');
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    await openInvoices(page);
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
    await dialog.getByLabel('Client name *').fill('Acme Studio');
    await dialog.getByLabel('Client email *').fill(uniqueEmail('client'));
    await dialog.getByLabel('Project title *').fill('Everything');
    const quantity = dialog.locator('#invoice-line-0-quantity');
    const price = dialog.locator('#invoice-line-0-price');
    const lineError = dialog.locator('#invoice-line-0-error');
    const total = () => dialog.getByTestId('invoice-draft-total').textContent();

    // A line past the ceiling: the preview stays up (a price past the ceiling counts nothing) and the line says why.
    await quantity.fill('1000000');
    await price.fill('9999999999999.99');
    await expect.poll(total).toBe('$0.00');
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expect.poll(() => lineError.textContent()).toBe('Amount is too large');
    expect(await price.getAttribute('aria-invalid')).toBe('true');

    await quantity.fill('9000');
    await price.fill('999999.99');
    await expect.poll(total).toBe('$8,999,999,910.00');
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expect.poll(() => lineError.textContent()).toBe('A line can be at most 5,000,000,000.00 USD');
    await expectNoSeriousAxeViolations(page, 'create invoice dialog (past the ceiling)');

    await quantity.fill('1');
    await price.fill('100.00');
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await waitForToast(page, 'Invoice Created');
    const number = `INV-${year}-0001`;
    const row = page.getByTestId('invoice-row').filter({ hasText: number });
    await row.getByRole('button', { name: `Send ${number}` }).click();
    await page
      .getByRole('alertdialog', { name: `Send ${number}?` })
      .getByRole('button', { name: 'Send invoice' })
      .click();
    await row.getByTestId('invoice-status').filter({ hasText: 'Sent' }).waitFor();
    await row.getByRole('button', { name: `View ${number}` }).click();
    const payLink = await page
      .getByRole('dialog', { name: new RegExp(number) })
      .getByRole('textbox', { name: 'Pay link for your client' })
      .inputValue();
    await page.keyboard.press('Escape');

    // The owner, signed in, opens their own pay link: the payment is refused and nothing is credited.
    await page.goto(payLink);
    await page.getByRole('button', { name: 'Pay $100.00' }).click();
    await page.getByText('This is your own invoice: only your client can pay it').waitFor();
    await expectNoSeriousAxeViolations(page, 'pay page (own invoice)');
    expect(await usdBalance(page)).toBe('0.00');
    await page.context().close();
  });

  it('fits a phone: the list, the create dialog and the pay page without sideways scrolling', async () => {
    const page = await newPhonePage(browser);
    const email = uniqueEmail('phone');
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    const created = await page.request.post('/api/invoices', {
      data: {
        clientName: 'Initech',
        clientEmail: uniqueEmail('initech'),
        projectTitle: 'TPS reports, a very long project title that has to wrap on a small screen',
        amount: '1200.00',
        dueDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    const invoice = (await created.json()) as { id: string; invoiceNumber: string };
    const sent = await page.request.put(`/api/invoices/${invoice.id}/status`, { data: { status: 'sent' } });
    const payUrl = ((await sent.json()) as { payUrl: string }).payUrl;

    await openInvoices(page);
    await page.getByTestId('invoice-row').first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoSeriousAxeViolations(page, 'invoices on a phone');
    await page.screenshot({ path: '.tmp/screenshots/invoices-390.png', fullPage: true });

    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await page.getByRole('dialog', { name: 'Create Invoice' }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.keyboard.press('Escape');

    await page.goto(new URL(payUrl).pathname);
    await page.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}` }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: '.tmp/screenshots/pay-390.png', fullPage: true });
    await page.context().close();
  });
});
