import { describe, expect, it } from 'vitest';
import type { TradingOrder } from '@contract/trading';
import { formatQuantity, placedToast } from './trade-text';

const order = (patch: Partial<TradingOrder>): TradingOrder => ({
  id: 'o1',
  type: 'buy',
  asset: 'BTC',
  quantity: '0.01000000',
  price: null,
  totalAmount: '285.12',
  fee: '1.42',
  fillPrice: '28227.00',
  status: 'completed',
  createdAt: '2026-11-23T12:00:00.000Z',
  filledAt: '2026-11-23T12:00:00.000Z',
  ...patch,
});

describe('formatQuantity', () => {
  it('drops trailing zeros and groups thousands', () => {
    expect(formatQuantity('0.01000000', 'BTC')).toBe('0.01 BTC');
    expect(formatQuantity('1250.50000000', 'ETH')).toBe('1,250.5 ETH');
    expect(formatQuantity('2.00000000', 'ETH')).toBe('2 ETH');
  });
});

describe('placedToast', () => {
  it('says what a filled market order moved', () => {
    expect(placedToast(order({}))).toEqual({
      title: 'Trade Executed',
      description: 'Bought 0.01 BTC for $285.12',
    });
    expect(placedToast(order({ type: 'sell', totalAmount: '1000.00' })).description).toBe(
      'Sold 0.01 BTC for $1,000.00',
    );
  });

  it('says a pending limit order was placed, and what it reserved', () => {
    expect(
      placedToast(order({ price: '28000.00', totalAmount: '281.40', status: 'pending', fillPrice: null })),
    ).toEqual({
      title: 'Order Placed',
      description: 'Buy 0.01 BTC at $28,000.00 is pending ($281.40 reserved).',
    });
  });
});
