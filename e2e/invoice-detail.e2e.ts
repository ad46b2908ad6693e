import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations, laptopAndPhone, launchBrowser } from './browser';
import { registerViaDialog, uniqueEmail, waitForTitle } from './flows';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const nextMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

describe.each(laptopAndPhone)('Invoice detail and export (%s)', (name, open) => {
  it('shows the description and notes, and exports what the status filter shows', async () => {
    const page = await open(browser);
    await registerViaDialog(page, uniqueEmail(`invoice-detail-${name}`));
    const created = await page.request.post('/api/invoices', {
      headers: { 'Idempotency-Key': randomUUID() },
      data: {
        clientName: 'Acme Studio',
        clientEmail: 'billing@acme.example',
        projectTitle: 'Website redesign',
        description: 'Redesign of the marketing site.',
        notes: 'Thank you for your business.',
        currency: 'USD',
        taxRate: '0',
        dueDate: nextMonth,
        items: [{ description: 'Design', quantity: '1', unitPrice: '800.00' }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/invoices');
    await waitForTitle(page, 'Invoices');
    await page.getByTestId('invoice-row').first().getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('invoice-description').innerText()).toBe(
      'Redesign of the marketing site.',
    );
    expect(await dialog.getByTestId('invoice-notes').innerText()).toBe('Thank you for your business.');
    await expectNoSeriousAxeViolations(page, `invoice detail (${name})`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    await page.getByLabel('Filter by status').selectOption('paid');
    expect(await exportLink.getAttribute('href')).toBe('/api/invoices/export.csv?status=paid');
    const csv = await page.request.get((await exportLink.getAttribute('href'))!);
    expect((await csv.text()).trim().split('\r\n')).toHaveLength(1);
    await page.context().close();
  });
});
