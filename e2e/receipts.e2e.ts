import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentPng, receiptPdf } from '../server/src/test/images';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { startDemoFromLanding, waitForTitle } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Clicks a button that opens the file picker, and picks `file` in it as a person would. */
async function pickFile(
  page: Page,
  click: () => Promise<void>,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), click()]);
  await chooser.setFiles(file);
}

describe.each(laptopAndPhone)('Receipts (%s)', (name, open) => {
  it('attaches a receipt right after a card payment and from the history, and shows the mark', async () => {
    const page = await open(browser);
    await startDemoFromLanding(page);
    if (name === 'phone') {
      // The dark theme, as the theme switch stores it: the phone walk checks it.
      await page.evaluate(() => localStorage.setItem('meridian-theme', 'dark'));
    }

    // A card payment, then its receipt from the simulator's answer.
    await page.goto('/cards');
    await waitForTitle(page, 'My Cards');
    await page.getByTestId('card-tile').first().getByRole('button', { name: 'Test purchase' }).click();
    const form = page.getByRole('form', { name: 'Test purchase' });
    const merchant = `Bakery ${name}`;
    await form.getByLabel('Amount').fill('4.50');
    await form.getByLabel('Merchant').fill(merchant);
    await form.getByRole('button', { name: 'Pay' }).click();
    await form.getByTestId('purchase-result').waitFor();
    expect(await form.getByTestId('purchase-result').innerText()).toContain('Approved');
    const photo = { name: 'bakery.png', mimeType: 'image/png', buffer: await documentPng() };
    await pickFile(page, () => form.getByRole('button', { name: 'Attach receipt' }).click(), photo);
    await form.getByTestId('purchase-receipt').waitFor();
    expect(await form.getByTestId('purchase-receipt').innerText()).toContain('bakery.png attached');
    await expectNoSeriousAxeViolations(page, `card payment with its receipt (${name})`);
    await page.keyboard.press('Escape');

    // The history marks the payment.
    await page.goto('/history');
    await waitForTitle(page, 'Transaction History');
    const list = page.getByTestId('history-list');
    const paid = list.getByTestId('history-row').filter({ hasText: merchant });
    await paid.getByTestId('receipt-mark').waitFor();

    // "Missing receipts": the paid row is not there; attach one to the first that is, from its detail.
    await page.getByRole('switch', { name: 'Missing receipts' }).click();
    await page.waitForURL(/receipt=missing/);
    const missing = page.getByTestId('history-list');
    await missing.waitFor();
    // The list that was on screen may linger a moment after the address changes: wait for the new one.
    await expect.poll(() => missing.getByTestId('history-row').filter({ hasText: merchant }).count()).toBe(0);
    const first = missing.getByTestId('history-row').first();
    const description = await first.getByTestId('history-description').innerText();
    expect(await first.getByTestId('receipt-mark').count()).toBe(0);
    await first.getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    const section = dialog.getByTestId('receipt-section');
    expect(await section.getByTestId('receipt-state').innerText()).toBe('None yet');
    const pdf = { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: await receiptPdf() };
    await pickFile(page, () => section.getByRole('button', { name: 'Attach receipt' }).click(), pdf);
    await section.getByRole('link', { name: 'Download' }).waitFor();
    expect(await section.getByTestId('receipt-state').innerText()).toBe('Attached');
    await expectNoSeriousAxeViolations(page, `history detail with a receipt (${name})`);
    await page.keyboard.press('Escape');

    // Back to every row: both payments carry the mark.
    await page.getByRole('switch', { name: 'Missing receipts' }).click();
    await page.waitForURL((url) => !url.searchParams.has('receipt'));
    const all = page.getByTestId('history-list');
    await all
      .getByTestId('history-row')
      .filter({ hasText: description })
      .first()
      .getByTestId('receipt-mark')
      .waitFor();
    await all.getByTestId('history-row').filter({ hasText: merchant }).getByTestId('receipt-mark').waitFor();
    await expectNoSeriousAxeViolations(page, `history with receipt marks (${name})`);
    await page.context().close();
  }, 120_000); // A card payment, two uploads and axe in two themes: longer than one page.
});
