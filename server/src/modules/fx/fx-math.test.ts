import { describe, expect, it } from 'vitest';
import { Money, parseRate } from '@contract/money';
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

describe('priceConversion', () => {
  it('puts the fee on top: total is what leaves the source wallet', () => {
    const figures = priceConversion(Money.parse('1000', 'USD'), 'EUR', parseRate('0.9233'));
    expect(figures.converted.format()).toBe('923.30');
    expect(figures.fee.format()).toBe('5.00');
    expect(figures.total.format()).toBe('1005.00');
    expect(figures.rounding).toMatch(/favour/);
  });

  it('refuses amounts that convert to nothing', () => {
    expect(() => priceConversion(Money.parse('0.01', 'USD'), 'EUR', parseRate('0.5'))).toThrow(/too small/);
  });
});
