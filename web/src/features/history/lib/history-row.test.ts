import { describe, expect, it } from 'vitest';
import type { Transaction } from '@contract/transactions';
import { amountView, counterpartyOf, rowStatusLabel, statusLabel } from './history-row';

const row = (overrides: Partial<Transaction>): Transaction => ({
  id: 't1',
  type: 'send',
  direction: 'out',
  walletId: 'w1',
  amount: '100.00',
  currency: 'USD',
  fee: '0.00',
  fromCurrency: 'USD',
  toCurrency: 'USD',
  exchangeRate: null,
  convertedAmount: null,
  recipientEmail: null,
  counterparty: null,
  counterpartyEmail: null,
  description: 'Money Transfer',
  status: 'completed',
  createdAt: '2026-11-22T10:00:00.000Z',
  hasReceipt: false,
  receiptWanted: true,
  ...overrides,
});

describe('statusLabel', () => {
  it('shows completed as Completed and anything else as Pending', () => {
    expect(statusLabel('completed')).toBe('Completed');
    expect(statusLabel('pending')).toBe('Pending');
    expect(statusLabel('failed')).toBe('Pending');
    expect(statusLabel('returned')).toBe('Returned');
  });
});

describe('amountView', () => {
  it('signs money in with + and money out with a true minus, with the fee on top', () => {
    expect(amountView(row({ type: 'receive', direction: 'in', amount: '3200.00' }))).toEqual({
      text: '+$3,200.00',
      code: 'USD',
      detail: null,
    });
    expect(amountView(row({ fee: '2.90' }))).toEqual({ text: '−$100.00', code: 'USD', detail: 'fee $2.90' });
  });

  it('says what the recipient got when a transfer was converted', () => {
    const view = amountView(row({ fee: '2.90', toCurrency: 'EUR', convertedAmount: '92.33' }));
    expect(view.detail).toBe('they get €92.33 · fee $2.90');
  });

  it('says a cancelled limit order released its reservation, not that it exchanged', () => {
    const cancelled = row({
      type: 'exchange',
      direction: 'exchange',
      amount: '10.00',
      toCurrency: 'BTC',
      convertedAmount: '0.01',
      status: 'returned',
    });
    expect(amountView(cancelled)).toEqual({
      text: 'Limit order cancelled, $10.00 released',
      code: null,
      detail: null,
    });
    expect(rowStatusLabel(cancelled)).toBe('Cancelled');
    expect(rowStatusLabel(row({ status: 'returned' }))).toBe('Returned');
  });

  it('shows an exchange from → to', () => {
    const exchange = row({
      type: 'exchange',
      direction: 'exchange',
      amount: '1200.00',
      toCurrency: 'EUR',
      convertedAmount: '1107.96',
      fee: '6.00',
    });
    expect(amountView(exchange)).toEqual({ text: '$1,200.00 → €1,107.96', code: null, detail: 'fee $6.00' });
    expect(counterpartyOf(exchange)).toBe('USD → EUR');
  });

  it('shows crypto with 8 decimals', () => {
    expect(
      amountView(row({ direction: 'in', type: 'deposit', amount: '0.25000000', currency: 'BTC' })).text,
    ).toMatch(/^\+BTC\s0\.25000000$/);
  });
});

describe('counterpartyOf', () => {
  it('prefers the name, then the email', () => {
    expect(counterpartyOf(row({ counterparty: 'Lumen Labs', counterpartyEmail: 'a@b.co' }))).toBe(
      'Lumen Labs',
    );
    expect(counterpartyOf(row({ recipientEmail: 'ana@example.com' }))).toBe('ana@example.com');
    expect(counterpartyOf(row({ type: 'deposit', direction: 'in' }))).toBeNull();
  });
});
