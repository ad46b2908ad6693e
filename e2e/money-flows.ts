import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Currency } from '@contract/currencies';
import type { Wallet } from '@contract/wallets';
import { uniqueEmail, waitForTitle } from './flows';

/** Sandbox top-up through the API with the page's session (same cookies, a fresh Idempotency-Key). */
export async function depositViaApi(page: Page, currency: Currency, amount: string) {
  const wallets = (await (await page.request.get('/api/wallets')).json()) as Wallet[];
  const wallet = wallets.find((each) => each.currency === currency);
  if (!wallet) throw new Error(`No ${currency} wallet`);
  const response = await page.request.post(`/api/wallets/${wallet.id}/deposit`, {
    data: { amount },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  if (!response.ok()) throw new Error(`Deposit failed: ${response.status()} ${await response.text()}`);
}

export interface TransferInput {
  amount: string;
  recipientEmail: string;
  toCurrency?: Currency;
  fromCurrency?: Currency;
  description?: string;
}

/** Fills the Send Money form and opens the review; returns the dialog. */
export async function reviewTransfer(page: Page, input: TransferInput) {
  if (!page.url().endsWith('/transfer')) {
    await page.goto('/transfer');
    await waitForTitle(page, 'Send Money');
  }
  const form = page.getByRole('form', { name: 'Send money' });
  await form.waitFor();
  if (input.fromCurrency) await form.getByLabel('From wallet').selectOption(input.fromCurrency);
  if (input.toCurrency) await form.getByLabel('Recipient gets').selectOption(input.toCurrency);
  await form.getByLabel('Amount').fill(input.amount);
  await form.getByLabel('Recipient email').fill(input.recipientEmail);
  if (input.description !== undefined) await form.getByLabel('Description').fill(input.description);
  await form.getByRole('button', { name: 'Review transfer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review transfer' });
  await dialog.waitFor();
  return dialog;
}

/** Opens /history on a filter tab and waits for its rows (or its empty state). */
export async function openHistory(page: Page, tab: 'All' | 'Incoming' | 'Outgoing' | 'Exchanges' = 'All') {
  if (!new URL(page.url()).pathname.endsWith('/history')) {
    await page.goto('/history');
    await waitForTitle(page, 'Transaction History');
  }
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: tab, exact: true });
  await panel.locator('[data-testid="history-list"], [data-slot="empty-state"]').first().waitFor();
  return panel;
}

const nextMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** A sent USD invoice of `amount` (no tax) with the given payment terms, made through the API. */
export async function sentInvoice(page: Page, amount: string, terms: Record<string, string>) {
  const created = await page.request.post('/api/invoices', {
    data: {
      clientName: 'Acme Studio',
      clientEmail: uniqueEmail('acme'),
      projectTitle: 'Website redesign',
      currency: 'USD',
      taxRate: '0',
      dueDate: nextMonth(),
      amount,
      ...terms,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sent = await page.request.put(`/api/invoices/${id}/status`, { data: { status: 'sent' } });
  expect(sent.status(), await sent.text()).toBe(200);
  return (await sent.json()) as { id: string; invoiceNumber: string; payUrl: string };
}
