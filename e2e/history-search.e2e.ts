import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { registerViaDialog, uniqueEmail, waitForTitle } from './flows';
import { depositViaApi, openHistory } from './money-flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A new customer with 21 sandbox deposits ($1 … $21): two pages of history. */
async function customerWithHistory(page: Page, name: string) {
  await registerViaDialog(page, uniqueEmail(name));
  for (let index = 1; index <= 21; index += 1) await depositViaApi(page, 'USD', `${index}.00`);
  await page.goto('/history');
  await waitForTitle(page, 'Transaction History');
  return openHistory(page);
}

const settled = '[data-testid="history-list"]:not([aria-busy])';

describe.each(laptopAndPhone)('History search, pages and details (%s)', (name, open) => {
  it('keeps the page in the address, and searches by words and dates', async () => {
    const page = await open(browser);
    const all = await customerWithHistory(page, `history-${name}`);
    const pagination = all.getByRole('navigation', { name: 'Pagination' });
    await pagination.getByRole('button', { name: 'Next' }).click();
    await pagination.getByText('Page 2').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    // A reload lands on the same page, with Previous working.
    await page.reload();
    await waitForTitle(page, 'Transaction History');
    await all.locator(settled).waitFor();
    expect(await pagination.getByTestId('history-page').innerText()).toBe('Page 2');
    expect(await all.getByTestId('history-row').count()).toBe(1);
    expect(await all.getByTestId('history-amount').first().innerText()).toContain('+$1.00');
    await pagination.getByRole('button', { name: 'Previous' }).click();
    await pagination.getByText('Page 1').waitFor();
    expect(await all.getByTestId('history-row').first().innerText()).toContain('+$21.00');

    const search = page.getByRole('search');
    await search.getByLabel('Search').fill('no such payee');
    await search.getByLabel('Search').press('Enter');
    await all.getByText('No matching transactions').waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe('no such payee');

    await search.getByRole('button', { name: 'Clear' }).click();
    await search.getByLabel('Search').fill('SANDBOX');
    const today = new Date().toISOString().slice(0, 10);
    await search.getByLabel('From').fill(today);
    await search.getByLabel('To').fill(today);
    await search.getByRole('button', { name: 'Search' }).click();
    // Every row matches, so the count alone cannot tell the search has run: wait for the address to carry it.
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('SANDBOX');
    await expect.poll(() => all.getByTestId('history-row').count()).toBe(20);
    const csv = await all.page().locator('a', { hasText: 'Export CSV' }).getAttribute('href');
    expect(csv).toContain(`q=SANDBOX&from=${today}&to=${today}`);

    await search.getByLabel('From').fill('2000-01-01');
    await search.getByLabel('To').fill('2000-01-31');
    await search.getByRole('button', { name: 'Search' }).click();
    await all.getByText('No matching transactions').waitFor();
    await expectNoSeriousAxeViolations(page, `/history searched (${name})`);
    await page.context().close();
  });

  it('opens a transaction with its receipt, and Esc returns focus to the row', async () => {
    const page = await open(browser);
    await registerViaDialog(page, uniqueEmail(`receipt-${name}`));
    await depositViaApi(page, 'USD', '250.00');
    const all = await openHistory(page);
    const opener = all.getByTestId('history-row').first().getByRole('button', { name: 'Sandbox deposit' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Sandbox deposit' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('transaction-detail').innerText()).toContain('+$250.00');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download receipt (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^meridian-receipt-.+\.pdf$/);
    await expectNoSeriousAxeViolations(page, `transaction detail (${name})`);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus comes back as the dialog finishes closing, a moment after it is hidden.
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.context().close();
  });
});
