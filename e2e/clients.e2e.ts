import type { Browser } from 'playwright-core';
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

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(laptopAndPhone)('saved clients (%s)', (size, open) => {
  it('adds a client, invoices them by picking them, filters the list by them, and shows what they owe', async () => {
    const page = await open(browser);
    const email = uniqueEmail(`clients-${size}`);
    await registerViaDialog(page, email);
    await openVerificationLink(page, email);
    await page.goto('/clients');
    await waitForTitle(page, 'Clients');
    const empty = page.getByText('No clients yet');
    await empty.waitFor();
    await expectNoSeriousAxeViolations(page, `clients, empty (${size})`);

    // The empty state's own action adds the first client.
    await page.locator('[data-slot="empty-state"]').getByRole('button', { name: 'Add client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add client' });
    const clientEmail = uniqueEmail('acme');
    await dialog.getByLabel('Name *').fill('Acme GmbH');
    await dialog.getByLabel('Email *').fill(clientEmail);
    await dialog.getByLabel('Address').fill('Hauptstraße 1\n10115 Berlin');
    await dialog.getByLabel('Tax id (VAT number)').fill('DE123456789');
    await dialog.getByLabel('Currency').selectOption('EUR');
    await dialog.getByLabel('Payment terms (days)').fill('14');
    await dialog.getByLabel('Invoice language').selectOption('de');
    await expectNoSeriousAxeViolations(page, `add client dialog (${size})`);
    await dialog.getByRole('button', { name: 'Add client' }).click();
    await waitForToast(page, 'Client Added');
    const row = page.getByTestId('client-row').filter({ hasText: 'Acme GmbH' });
    await row.getByText('Owes nothing').waitFor();
    await row.getByText('EUR · 14 days · German').waitFor();

    // A second client with the same email is refused, said under the field.
    await page.getByRole('button', { name: 'Add client' }).first().click();
    const again = page.getByRole('dialog', { name: 'Add client' });
    await again.getByLabel('Name *').fill('Acme again');
    await again.getByLabel('Email *').fill(clientEmail.toUpperCase());
    await again.getByRole('button', { name: 'Add client' }).click();
    await again.getByText('You already have a client with this email').waitFor();
    await page.keyboard.press('Escape');
    await again.waitFor({ state: 'hidden' });

    // An invoice to someone else, typed in: the filter must leave it out.
    const other = await page.request.post('/api/invoices', {
      data: {
        clientName: 'Walk-in Ltd',
        clientEmail: uniqueEmail('walk-in'),
        projectTitle: 'One-off',
        amount: '10.00',
        dueDate: inDays(7),
      },
    });
    expect(other.status()).toBe(201);

    await page.goto('/invoices');
    await waitForTitle(page, 'Invoices');
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    const form = page.getByRole('dialog', { name: 'Create Invoice' });
    await form.getByLabel('Saved client').selectOption({ label: `Acme GmbH (${clientEmail})` });
    // The client's details, currency and payment terms fill the form.
    expect(await form.getByLabel('Client name *').inputValue()).toBe('Acme GmbH');
    expect(await form.getByLabel('Client email *').inputValue()).toBe(clientEmail);
    expect(await form.getByLabel('Client address').inputValue()).toBe('Hauptstraße 1\n10115 Berlin');
    expect(await form.getByLabel('Currency').inputValue()).toBe('EUR');
    expect(await form.getByLabel('Due date *').inputValue()).toBe(inDays(14));
    await form.getByLabel('Project title *').fill('Website');
    await form.locator('#invoice-line-0-price').fill('250.00');
    await expectNoSeriousAxeViolations(page, `invoice form with a client picked (${size})`);
    await form.getByRole('button', { name: 'Create Invoice' }).click();
    await waitForToast(page, 'Invoice Created');

    const rows = page.getByTestId('invoice-row');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByLabel('Filter by client').selectOption({ label: 'Acme GmbH' });
    await expect.poll(() => rows.count()).toBe(1);
    await rows.filter({ hasText: 'Acme GmbH' }).waitFor();
    expect(page.url()).toContain('client=');
    await expectNoSeriousAxeViolations(page, `invoices filtered by client (${size})`);

    // Sent, the invoice counts in what the client owes; the Clients screen links back to their invoices.
    await rows.getByRole('button', { name: /^Send / }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: /Send/ }).click();
    await waitForToast(page, 'Status Updated');
    await page.goto('/clients');
    await row.getByText('€250.00').waitFor();
    await row.getByText('1 unpaid invoice').waitFor();
    await row.getByRole('link', { name: 'Invoices of Acme GmbH' }).click();
    await waitForTitle(page, 'Invoices');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByLabel('Filter by client').inputValue()).not.toBe('');
    await page
      .getByTestId('client-owes')
      .getByText('Acme GmbH owes €250.00 across 1 unpaid invoice.')
      .waitFor();

    // The dark theme, as the theme switch stores it.
    await page.evaluate(() => localStorage.setItem('meridian-theme', 'dark'));
    await page.goto('/clients');
    await row.waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expectNoSeriousAxeViolations(page, `clients, dark (${size})`);

    // Deleting the client keeps the invoice as it was made.
    await row.getByRole('button', { name: 'Delete Acme GmbH' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete client' }).click();
    await waitForToast(page, 'Client Deleted');
    await empty.waitFor();
    await page.goto('/invoices');
    await page.getByTestId('invoice-row').filter({ hasText: 'Acme GmbH' }).waitFor();
    await page.context().close();
  });
});
