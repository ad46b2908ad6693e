import { describe, expect, it } from 'vitest';
import { feeInChargeCurrency } from './processor-fee';

describe("Stripe's fee in the charge's currency", () => {
  it('keeps a fee settled in the charge’s own currency as it is', () => {
    expect(feeInChargeCurrency(3380, 'usd', 'USD', null).format()).toBe('33.80');
  });

  it('takes a fee settled in another currency back at the charge’s rate, half up, in integers', () => {
    // 1 USD charged = 0.92 EUR settled: a 1.00 EUR fee is 1.0869… USD.
    expect(feeInChargeCurrency(100, 'eur', 'USD', 0.92).format()).toBe('1.09');
    // A zero-decimal settlement: 150 JPY at 150 JPY per USD is 1.00 USD.
    expect(feeInChargeCurrency(150, 'jpy', 'USD', 150).format()).toBe('1.00');
    // Half a cent rounds up: 0.01 GBP at 2 GBP per EUR is 0.005 EUR.
    expect(feeInChargeCurrency(1, 'gbp', 'EUR', 2).format()).toBe('0.01');
    // A rate that JavaScript writes in exponent form ("1e-7") is read exactly: 0.01 USD is 100,000 JPY.
    expect(feeInChargeCurrency(1, 'usd', 'JPY', 1e-7).format()).toBe('100000');
  });
});
