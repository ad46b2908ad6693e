import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionCsvColumns } from '@contract/transactions';
import { expectNoSeriousAxeViolations, launchBrowser, newPage, newPhonePage } from './browser';
import { registerViaDialog, startDemoFromLanding, uniqueEmail, waitForTitle } from './flows';
import { depositViaApi, openHistory } from './money-flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Transaction History', () => {
  it('filters by direction, each row signed accordingly', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);

    const incoming = await openHistory(page, 'Incoming');
    expect(new URL(page.url()).searchParams.get('type')).toBe('incoming');
    const inAmounts = await incoming.getByTestId('history-amount').allInnerTexts();
    expect(inAmounts.length).toBeGreaterThan(0);
    for (const amount of inAmounts) expect(amount).toMatch(/^\+/);

    const outgoing = await openHistory(page, 'Outgoing');
    const outAmounts = await outgoing.getByTestId('history-amount').allInnerTexts();
    expect(outAmounts.length).toBeGreaterThan(0);
    for (const amount of outAmounts) expect(amount).toMatch(/^−/);

    const exchanges = await openHistory(page, 'Exchanges');
    const exchangeAmounts = await exchanges.getByTestId('history-amount').allInnerTexts();
    expect(exchangeAmounts.length).toBeGreaterThan(0);
    for (const amount of exchangeAmounts) expect(amount).toContain('→');

    // The filter is in the address: a reload keeps it.
    await page.reload();
    await waitForTitle(page, 'Transaction History');
    expect(await page.getByRole('tab', { name: 'Exchanges' }).getAttribute('aria-selected')).toBe('true');
    await page.context().close();
  });

  it('pages with Next and Previous, and shows each filter empty for a new customer', async () => {
    const page = await newPage(browser);
    await registerViaDialog(page, uniqueEmail('pager'));
    await page.goto('/history');
    await waitForTitle(page, 'Transaction History');
    await page.getByText('No transactions yet').waitFor();
    for (let index = 1; index <= 23; index += 1) await depositViaApi(page, 'USD', `${index}.00`);

    await page.reload();
    const all = await openHistory(page, 'All');
    const pagination = all.getByRole('navigation', { name: 'Pagination' });
    expect(await pagination.getByTestId('history-page').innerText()).toBe('Page 1');
    expect(await pagination.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await all.getByTestId('history-row').count()).toBe(20);
    const firstRow = await all.getByTestId('history-row').first().innerText();
    expect(firstRow).toContain('+$23.00');

    await pagination.getByRole('button', { name: 'Next' }).click();
    await pagination.getByText('Page 2').waitFor();
    await all.locator('[data-testid="history-list"]:not([aria-busy])').waitFor();
    expect(await all.getByTestId('history-row').count()).toBe(3);
    expect(await all.getByTestId('history-row').first().innerText()).toContain('+$3.00');
    expect(await pagination.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await pagination.getByRole('button', { name: 'Previous' }).click();
    await pagination.getByText('Page 1').waitFor();
    await all.locator('[data-testid="history-list"]:not([aria-busy])').waitFor();
    expect(await all.getByTestId('history-row').first().innerText()).toBe(firstRow);

    const outgoing = await openHistory(page, 'Outgoing');
    await outgoing.getByText('No outgoing transactions').waitFor();
    const exchanges = await openHistory(page, 'Exchanges');
    await exchanges.getByText('No exchanges yet').waitFor();
    await page.context().close();
  });

  it('exports the current filter as CSV', async () => {
    const page = await newPage(browser, { acceptDownloads: true });
    await startDemoFromLanding(page);
    await openHistory(page, 'Outgoing');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('meridian-transactions.csv');
    const path = await download.path();
    const lines = (await readFile(path, 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe(transactionCsvColumns.join(','));
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line.split(',')[1]).toMatch(/^(send|card_payment)$/);
    await page.context().close();
  });

  it('passes axe in light and dark, and stacks rows on a phone', async () => {
    const page = await newPage(browser);
    await startDemoFromLanding(page);
    await openHistory(page);
    await expectNoSeriousAxeViolations(page, '/history');
    await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
    await expectNoSeriousAxeViolations(page, '/history (dark)');
    await page.context().close();

    const phone = await newPhonePage(browser);
    await startDemoFromLanding(phone);
    const panel = await openHistory(phone);
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    // Stacked: the date sits under the description, not beside it.
    const row = panel.getByTestId('history-row').first();
    const description = await row.getByTestId('history-description').boundingBox();
    const time = await row.locator('time').boundingBox();
    expect(description && time && time.y > description.y + description.height - 1).toBe(true);
    await expectNoSeriousAxeViolations(phone, '/history on a phone');
    await phone.context().close();
  });
});
