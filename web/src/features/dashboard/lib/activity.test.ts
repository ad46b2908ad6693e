import { describe, expect, it } from 'vitest';
import type { Transaction } from '@contract/transactions';
import { activityAmount } from './activity';

const base: Transaction = {
  id: 't1',
  type: 'receive',
  direction: 'in',
  walletId: 'w1',
  amount: '2650.00',
  currency: 'USD',
  fee: '0.00',
  fromCurrency: null,
  toCurrency: null,
  exchangeRate: null,
  convertedAmount: null,
  recipientEmail: null,
  counterparty: 'Atlas Freight Co.',
  counterpartyEmail: null,
  description: 'Atlas Freight Co.: Fleet tracking dashboard',
  status: 'completed',
  createdAt: '2026-11-18T14:28:00.000Z',
  hasReceipt: false,
  receiptWanted: false,
};

describe('activityAmount', () => {
  it('signs money in and out', () => {
    expect(activityAmount(base)).toEqual({ text: '+$2,650.00', detail: null });
    expect(
      activityAmount({ ...base, type: 'card_payment', direction: 'out', amount: '28.00', currency: 'EUR' }),
    ).toEqual({
      text: '−€28.00',
      detail: null,
    });
  });

  it('shows what an exchange delivered and what it cost', () => {
    const exchange: Transaction = {
      ...base,
      type: 'exchange',
      direction: 'exchange',
      amount: '100.00',
      fromCurrency: 'USD',
      toCurrency: 'EUR',
      convertedAmount: '92.32',
    };
    expect(activityAmount(exchange)).toEqual({ text: '€92.32', detail: 'from $100.00' });
  });
});
