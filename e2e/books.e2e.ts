import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { startDemoFromLanding, waitForTitle, waitForToast } from './flows';
import { openHistory } from './money-flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(laptopAndPhone)('Books: categories (%s)', (size, open) => {
  it('shows each row’s category, changes it with a note, and totals it on /books/categories', async () => {
    const page = await open(browser);
    await startDemoFromLanding(page);

    // The demo's history is filed: its Uber ride is Travel, the studio rent its own Workspace.
    const all = await openHistory(page, 'All');
    const uber = all.getByTestId('history-row').filter({ hasText: 'Uber' });
    await expect.poll(() => uber.getByTestId('history-category').innerText()).toBe('Travel');
    const rent = all.getByTestId('history-row').filter({ hasText: 'Studio rent' }).first();
    expect(await rent.getByTestId('history-category').innerText()).toBe('Workspace');

    // Change a row's category and write a note from its detail.
    await uber.getByRole('button', { name: 'Uber', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Category').selectOption({ label: 'Equipment' });
    await waitForToast(page, 'Category changed');
    await dialog.getByLabel('Note').fill(`Licence for the ${size} test`);
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await waitForToast(page, 'Note saved');
    await dialog.getByText('Written by you').waitFor();
    await expectNoSeriousAxeViolations(page, `transaction detail with category and note (${size})`);
    await page.keyboard.press('Escape');
    await expect.poll(() => uber.getByTestId('history-category').innerText()).toBe('Equipment');
    await uber.getByText('Has a note').waitFor({ state: 'attached' });

    // Books: the totals, the own category and the rules.
    await page.goto('/books');
    await page.waitForURL('**/books/categories');
    await waitForTitle(page, 'Books');
    const summary = page.getByTestId('totals-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toContain('Deductible expenses');
    await page.getByText('valued at today’s rate').first().waitFor();
    expect(await page.getByRole('link', { name: 'Categories' }).getAttribute('aria-current')).toBe('page');
    await page.getByTestId('own-category').filter({ hasText: 'Workspace' }).waitFor();
    expect(await page.getByTestId('rule').count()).toBe(2);
    await expectNoSeriousAxeViolations(page, `/books/categories (${size})`);

    await page.getByLabel('New category').fill('Coworking');
    await page.getByRole('button', { name: 'Add category' }).click();
    await waitForToast(page, 'Category added');
    await page.getByTestId('own-category').filter({ hasText: 'Coworking' }).waitFor();

    await page.getByLabel('When it contains').fill('Blue Bottle');
    await page.getByLabel('File it in').selectOption({ label: 'Coworking' });
    await page.getByLabel('Also file earlier transactions').click();
    await page.getByRole('button', { name: 'Add rule' }).click();
    await waitForToast(page, 'Rule added');
    await page.getByText('1 earlier transaction filed too.', { exact: true }).waitFor();
    const coworkingRow = page.getByRole('row').filter({ hasText: 'Coworking' }).first();
    await coworkingRow.waitFor();
    await expectNoSeriousAxeViolations(page, `/books/categories after adding (${size})`);
    await page.context().close();
  });
});
