import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../contract/src/dates';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { registerViaDialog, uniqueEmail, waitForTitle, waitForToast } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(laptopAndPhone)('recurring invoices (%s)', (size, open) => {
  it('creates a monthly schedule, lists it with its next date, pauses, resumes and stops it', async () => {
    const page = await open(browser);
    await registerViaDialog(page, uniqueEmail(`recurring-${size}`));
    await page.goto('/invoices');
    await waitForTitle(page, 'Invoices');
    await page.getByText('No recurring invoices yet').waitFor();

    await page.getByRole('button', { name: 'New recurring invoice' }).click();
    const form = page.getByRole('dialog', { name: 'New recurring invoice' });
    const first = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Repeats').selectOption('month');
    await form.getByLabel('First invoice on *').fill(first);
    await form.getByLabel('Due after (days)').fill('14');
    await form.getByLabel('Ends').selectOption('count');
    await form.getByLabel('Number of invoices *').fill('12');
    await form.getByLabel('Client name *').fill('Acme Studio');
    await form.getByLabel('Client email *').fill(uniqueEmail('client'));
    await form.getByLabel('Project title *').fill('Monthly retainer');
    await form.locator('#invoice-line-0-description').fill('Support');
    await form.locator('#invoice-line-0-price').fill('500.00');
    await expect.poll(() => form.getByTestId('invoice-draft-total').textContent()).toBe('$500.00');
    await expectNoSeriousAxeViolations(page, `recurring invoice form (${size})`);
    await form.getByRole('button', { name: 'Create recurring invoice' }).click();
    await waitForToast(page, 'Recurring invoice created');

    const row = page.getByTestId('schedule-row').filter({ hasText: 'Monthly retainer' });
    await row.getByTestId('schedule-status').filter({ hasText: 'Active' }).waitFor();
    await row.getByText(`Next ${formatDay(first, 'short')}`).waitFor();
    await row.getByText('0 of 12').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousAxeViolations(page, `recurring invoices (${size})`);

    await row.getByRole('button', { name: /^Pause / }).click();
    await row.getByTestId('schedule-status').filter({ hasText: 'Paused' }).waitFor();
    await row.getByRole('button', { name: /^Resume / }).click();
    await row.getByTestId('schedule-status').filter({ hasText: 'Active' }).waitFor();

    await row.getByRole('button', { name: /^Stop / }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Stop this recurring invoice?' });
    await expectNoSeriousAxeViolations(page, `stop confirmation (${size})`);
    await confirm.getByRole('button', { name: 'Stop' }).click();
    await row.getByTestId('schedule-status').filter({ hasText: 'Stopped' }).waitFor();
    await row.getByText('No more invoices').waitFor();
    expect(await row.getByRole('button', { name: /^Pause / }).count()).toBe(0);
  });
});
