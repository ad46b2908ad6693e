import type { Browser, Page } from 'playwright-core';
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

const draft = (page: Page, clientName: string) =>
  page.request.post('/api/invoices', {
    data: {
      clientName,
      clientEmail: uniqueEmail('client'),
      projectTitle: 'Retainer',
      amount: '400.00',
      dueDate: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    },
  });

describe.each(laptopAndPhone)('the invoice form and its drafts (%s)', (size, open) => {
  it('offers Delete only on the draft that can go; errors clear as fields are fixed; no past due dates', async () => {
    const page = await open(browser);
    await registerViaDialog(page, uniqueEmail(`drafts-${size}`));
    const older = (await (await draft(page, 'Older Client')).json()) as { invoiceNumber: string };
    const newer = (await (await draft(page, 'Newer Client')).json()) as { invoiceNumber: string };
    await page.goto('/invoices');
    await waitForTitle(page, 'Invoices');

    // Only the newest draft can be deleted (an older one would leave a gap in the numbers): no button that 409s.
    const view = async (number: string) => {
      await page.getByRole('button', { name: `View ${number}` }).click();
      const dialog = page.getByRole('dialog', { name: new RegExp(number) });
      await dialog.getByRole('button', { name: 'Edit' }).waitFor();
      return dialog;
    };
    const olderDialog = await view(older.invoiceNumber);
    expect(await olderDialog.getByRole('button', { name: 'Delete draft' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const newerDialog = await view(newer.invoiceNumber);
    await newerDialog.getByRole('button', { name: 'Delete draft' }).waitFor();
    await page.keyboard.press('Escape');
    await newerDialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Create Invoice' }).click();
    const form = page.getByRole('dialog', { name: 'Create Invoice' });
    const today = new Date().toISOString().slice(0, 10);
    expect(await form.getByLabel('Due date *').getAttribute('min')).toBe(today);
    await expectNoSeriousAxeViolations(page, `invoice form (${size})`);
    await form.getByRole('button', { name: 'Create Invoice' }).click();
    const nameError = form.getByText('Client name is required');
    await nameError.waitFor();
    // After the first submit, each change re-checks: the fixed field's error goes at once.
    await form.getByLabel('Client name *').fill('Acme Studio');
    await expect.poll(() => nameError.count()).toBe(0);
    await form.getByText('Project title is required').waitFor();
    await page.context().close();
  });
});
