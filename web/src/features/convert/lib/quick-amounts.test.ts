import { describe, expect, it } from 'vitest';
import { currencyCodes } from '@contract/currencies';
import { checkAmount } from './converter';
import { quickAmountLabel, quickConvertAmounts, startingAmount } from './quick-amounts';

describe('quickConvertAmounts', () => {
  it("offers the spec's amounts for every fiat currency", () => {
    for (const currency of ['USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD', 'CHF'] as const) {
      expect(quickConvertAmounts(currency)).toEqual(['100', '500', '1000', '5000', '10000', '50000']);
    }
  });

  it('offers coin-sized amounts for BTC and ETH', () => {
    expect(quickConvertAmounts('BTC')).toEqual(['0.001', '0.01', '0.05', '0.1', '0.5', '1']);
    expect(quickConvertAmounts('ETH')).toEqual(['0.05', '0.1', '0.5', '1', '5', '10']);
  });

  it('gives every currency six ascending amounts its wallet can hold', () => {
    for (const currency of currencyCodes) {
      const amounts = quickConvertAmounts(currency);
      expect(amounts).toHaveLength(6); // the buttons' grid is 3 or 6 wide
      for (const amount of amounts) expect(checkAmount(amount, currency).ok).toBe(true);
      const values = amounts.map(Number);
      expect(values).toEqual([...values].sort((a, b) => a - b));
    }
  });
});

describe('quickAmountLabel', () => {
  it('groups thousands in the whole part only', () => {
    expect(quickAmountLabel('50000')).toBe('50,000');
    expect(quickAmountLabel('100')).toBe('100');
    expect(quickAmountLabel('0.001')).toBe('0.001');
    expect(quickAmountLabel('1000.5')).toBe('1,000.5');
  });

  it('starts a new source over at an everyday amount of it, never the last one typed', () => {
    expect(startingAmount('USD')).toBe('1000');
    expect(startingAmount('ETH')).toBe('0.5');
    expect(startingAmount('BTC')).toBe('0.05');
  });
});
