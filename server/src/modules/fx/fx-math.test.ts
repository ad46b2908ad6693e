import { describe, expect, it } from 'vitest';
import { Money, parseRate } from '@contract/money';
import * as pricing from '@contract/pricing';
import { AppError } from '../../lib/errors';
import { priceConversion, quotedRate } from './fx-math';

describe('quotedRate', () => {
  it("reads a provider's rate exactly", () => {
    expect(quotedRate(' 0.9233 ')).toEqual({ numerator: 9233n, denominator: 10000n, text: '0.9233' });
  });

  it.each(['', 'abc', '-1', '0', 'NaN'])('answers a rate it cannot read (%j) as a 503, not a 500', (text) => {
    expect(() => quotedRate(text)).toThrow(AppError);
    try {
      quotedRate(text);
    } catch (error) {
      expect((error as AppError).status).toBe(503);
    }
  });
});

// The figures themselves are the contract's (contract/src/pricing.test.ts); here, what the server adds.
describe('priceConversion', () => {
  it("charges the contract's figures", () => {
    const original = Money.parse('1000', 'USD');
    const figures = priceConversion(original, 'EUR', parseRate('0.9233'));
    expect(figures).toEqual(pricing.priceConversion(original, 'EUR', parseRate('0.9233')));
    expect(figures.total.format()).toBe('1005.00');
  });

  it('refuses amounts that convert to nothing, as a 422', () => {
    expect(() => priceConversion(Money.parse('0.01', 'USD'), 'EUR', parseRate('0.5'))).toThrow(/too small/);
    try {
      priceConversion(Money.parse('0.01', 'USD'), 'EUR', parseRate('0.5'));
    } catch (error) {
      expect((error as AppError).status).toBe(422);
    }
  });
});
