import { describe, expect, it } from 'vitest';
import { emptyTradeForm, isMissingInformation, REQUIRED, tradeFormSchema } from './trade-form';

const check = (patch: Partial<ReturnType<typeof emptyTradeForm>>) =>
  tradeFormSchema.safeParse({ ...emptyTradeForm(), ...patch });

const messages = (result: ReturnType<typeof check>) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('tradeFormSchema', () => {
  it('reads an empty price as a market order and keeps a limit price', () => {
    expect(check({ asset: 'BTC', quantity: ' 0.01 ' }).data).toEqual({
      type: 'buy',
      asset: 'BTC',
      quantity: '0.01',
      price: null,
    });
    expect(check({ type: 'sell', asset: 'ETH', quantity: '2', price: '1800.50' }).data?.price).toBe(
      '1800.50',
    );
  });

  it('asks for the asset and the quantity (the Missing Information case)', () => {
    const result = check({});
    expect(messages(result)).toEqual({ asset: REQUIRED, quantity: REQUIRED });
    expect(isMissingInformation({ asset: { message: REQUIRED } })).toBe(true);
    expect(isMissingInformation({ quantity: { message: 'Enter a positive quantity' } })).toBe(false);
  });

  it('refuses quantities the asset cannot hold: zero, 9 decimals, not a number, too large', () => {
    for (const quantity of ['0', '0.00000000', '0.000000001', '1e3', '-1']) {
      expect(messages(check({ asset: 'BTC', quantity })).quantity).toMatch(/at most 8 decimal places/);
    }
    expect(check({ asset: 'BTC', quantity: '0.00000001' }).success).toBe(true);
    // Past what any asset may hold (ETH's ceiling, the larger; the server checks the asset's own).
    expect(messages(check({ asset: 'BTC', quantity: '99999999999' })).quantity).toBe('Quantity is too large');
    expect(check({ asset: 'ETH', quantity: '1000000' }).success).toBe(true);
  });

  it('refuses a limit price past the USD ceiling, saying so', () => {
    expect(messages(check({ asset: 'BTC', quantity: '1', price: '5000000000.01' })).price).toBe(
      'Price can be at most 5,000,000,000.00 USD',
    );
    expect(check({ asset: 'BTC', quantity: '1', price: '5000000000' }).success).toBe(true);
  });

  it('refuses a limit price with more than 2 decimals or of zero', () => {
    for (const price of ['0', '10.001', 'abc']) {
      expect(messages(check({ asset: 'BTC', quantity: '1', price })).price).toMatch(/USD price/);
    }
  });
});
