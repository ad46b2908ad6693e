import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionCsvColumns } from '@contract/transactions';
import { zipEntries } from '../server/src/test/zip';
import { expectNoSeriousAxeViolations, launchBrowser, laptopAndPhone } from './browser';
import { startDemoFromLanding, waitForTitle } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(laptopAndPhone)('Accountant pack (%s)', (size, open) => {
  it('downloads the chosen period as one ZIP and says what is inside', async () => {
    const page = await open(browser, { acceptDownloads: true });
    await startDemoFromLanding(page);
    await page.goto('/books/pack');
    await waitForTitle(page, 'Accountant Pack');
    await page.getByText('What is inside').waitFor();
    await expectNoSeriousAxeViolations(page, `/books/pack (${size})`);

    // Custom dates the server would refuse are refused here first: no link to follow.
    const period = page.getByLabel('Period');
    await period.selectOption({ label: 'Custom dates' });
    await page.getByLabel('From', { exact: true }).fill('2026-03-01');
    await page.getByLabel('To', { exact: true }).fill('2026-02-01');
    await page.getByText('The end date must not be before the start date.').waitFor();
    expect(await page.getByRole('button', { name: 'Download pack' }).isDisabled()).toBe(true);
    await expectNoSeriousAxeViolations(page, `/books/pack, dates reversed (${size})`);

    await period.selectOption({ label: 'This tax year' });
    const year = new Date().getUTCFullYear();
    await page.getByText(`January 1, ${year} to December 31, ${year}`).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download pack' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`meridian-accountant-pack-${year}-01-01-to-${year}-12-31.zip`);
    const entries = await zipEntries(await readFile(await download.path()));
    const paths = entries.map((entry) => entry.path);
    // The read-me first and the index last; between them the statements, then the history.
    expect(paths[0]).toBe('README.txt');
    expect(paths.at(-1)).toBe('index.csv');
    expect(paths.some((path) => path.startsWith('statements/'))).toBe(true);
    expect(paths.findIndex((path) => path.startsWith('statements/'))).toBeLessThan(
      paths.indexOf('history.csv'),
    );
    const history = entries
      .find((entry) => entry.path === 'history.csv')!
      .content.toString()
      .trim()
      .split('\r\n');
    expect(history[0]).toBe(transactionCsvColumns.join(','));
    // The demo's seeded history is this year's.
    expect(history.length).toBeGreaterThan(1);

    // The dark theme, as the theme switch stores it (a phone's header has no switch).
    await page.evaluate(() => localStorage.setItem('meridian-theme', 'dark'));
    await page.reload();
    await page.getByText('What is inside').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoSeriousAxeViolations(page, `/books/pack dark (${size})`);
    await page.context().close();
  });
});
