import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { registerViaDialog, uniqueEmail, waitForTitle, waitForToast } from './flows';
import { sentInvoice } from './money-flows';
import { openVerificationLink } from './mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(laptopAndPhone)('Deposits and part payments (%s)', (name, open) => {
  it('the client pays the deposit, then the balance; the owner records a payment received by hand', async () => {
    const page = await open(browser);
    const email = uniqueEmail(`partpay-${name}`);
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    const invoice = await sentInvoice(page, '1000.00', { depositPercent: '40', minimumPayment: '100.00' });

    // The client, signed out, in another browser context.
    const client = await open(browser);
    await client.goto(invoice.payUrl);
    await client.getByRole('heading', { name: `Invoice ${invoice.invoiceNumber}` }).waitFor();
    await client.getByTestId('deposit-first').waitFor();
    const amount = client.getByLabel('Amount to pay (USD)');
    expect(await amount.inputValue()).toBe('400.00');
    await expectNoSeriousAxeViolations(client, `pay page, deposit due (${name})`);

    // More than is due: said plainly, and nothing can be paid.
    await amount.fill('1000.01');
    await client.getByText(/That is more than is due: at most 1000.00 USD/).waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousAxeViolations(client, `pay page, too much (${name})`);

    await amount.fill('400.00');
    await client.getByRole('button', { name: 'Pay $400.00' }).click();
    await expect.poll(() => client.getByTestId('balance-outstanding').textContent()).toBe('$600.00');
    expect(await client.getByTestId('balance-paid').textContent()).toBe('$400.00');
    await expect.poll(() => amount.inputValue()).toBe('600.00');
    await client.getByRole('button', { name: 'Pay $600.00' }).click();
    await client.getByText(/^Paid on .*Thank you/).waitFor();
    expect(await client.getByTestId('balance-payment').count()).toBe(2);
    await expectNoSeriousAxeViolations(client, `pay page, paid (${name})`);
    await client.context().close();

    // The owner records a part payment that came by bank transfer, then sees what is left.
    const second = await sentInvoice(page, '500.00', {});
    await page.goto('/invoices');
    await waitForTitle(page, 'Invoices');
    const row = page.getByTestId('invoice-row').filter({ hasText: second.invoiceNumber });
    await row.getByRole('button', { name: `View ${second.invoiceNumber}` }).click();
    const detail = page.getByRole('dialog', { name: new RegExp(second.invoiceNumber) });
    await detail.getByRole('button', { name: 'Record payment' }).click();
    const recordDialog = page.getByRole('dialog', { name: 'Record a payment' });
    const received = recordDialog.getByLabel('Amount received (USD)');
    expect(await received.inputValue()).toBe('500.00');
    await received.fill('600.00');
    await recordDialog.getByRole('button', { name: 'Record payment' }).click();
    await recordDialog.getByText(/more than is due/).waitFor();
    await expectNoSeriousAxeViolations(page, `record payment dialog (${name})`);
    await received.fill('150.00');
    await recordDialog.getByRole('button', { name: 'Record payment' }).click();
    await waitForToast(page, 'Payment Recorded');
    await expect.poll(() => detail.getByTestId('balance-outstanding').textContent()).toBe('$350.00');
    await detail.getByTestId('invoice-status').filter({ hasText: 'Partly paid' }).waitFor();
    await expectNoSeriousAxeViolations(page, `invoice detail, partly paid (${name})`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.context().close();
  });
});
