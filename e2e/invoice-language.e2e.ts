import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { registerViaDialog, uniqueEmail, waitForTitle, waitForToast } from './flows';
import { openVerificationLink } from './mail';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Sends a draft and returns its pay page's path. */
async function sendAndPayPath(page: Page, id: string) {
  const sent = await page.request.put(`/api/invoices/${id}/status`, { data: { status: 'sent' } });
  expect(sent.status()).toBe(200);
  return new URL(((await sent.json()) as { payUrl: string }).payUrl).pathname;
}

describe.each(laptopAndPhone)("an invoice in the client's language (%s)", (size, open) => {
  it("is made for a German client in the form, and its client's pay page speaks German", async () => {
    const page = await open(browser);
    const email = uniqueEmail(`language-${size}`);
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    await page.goto('/invoices');
    await waitForTitle(page, 'Invoices');

    await page.getByRole('button', { name: 'Create Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
    await dialog.getByLabel('Client name *').fill('Antonín Dvořák');
    await dialog.getByLabel('Client email *').fill(uniqueEmail('dvorak'));
    await dialog.getByLabel('Project title *').fill('Übersetzung');
    await dialog.locator('#invoice-line-0-description').fill('Korrektur');
    await dialog.locator('#invoice-line-0-quantity').fill('2');
    await dialog.locator('#invoice-line-0-price').fill('617.25');
    await dialog.getByLabel('Currency').selectOption('EUR');
    await dialog.getByLabel("Client's language").selectOption('de');
    await expectNoSeriousAxeViolations(page, 'create invoice dialog with a language');
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/invoices') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    const invoice = (await (await created).json()) as { id: string; invoiceNumber: string; language: string };
    await waitForToast(page, 'Invoice Created');
    expect(invoice.language).toBe('de');

    await page.goto(await sendAndPayPath(page, invoice.id));
    await page.getByRole('heading', { name: `Rechnung ${invoice.invoiceNumber}` }).waitFor();
    expect(await page.getByTestId('pay-total').textContent()).toBe('1.234,50\u00a0€');
    for (const label of ['Rechnung an', 'Zwischensumme', 'Fälliger Betrag', 'PDF herunterladen']) {
      await page.getByText(label, { exact: true }).first().waitFor();
    }
    await page.getByRole('button', { name: '1.234,50\u00a0€ bezahlen' }).waitFor();
    await page.getByRole('list', { name: 'Rechnungspositionen' }).waitFor();
    // Screen readers read the invoice in German.
    expect(await page.locator('[lang="de"]').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousAxeViolations(page, 'pay page in German');
    await page.context().close();
  });
});
