import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '@contract/money';
import { conversionFee, convertMinor, parseRate, priceConversion } from './fx-math';

describe('parseRate', () => {
  it('reads decimals and exponent notation exactly', () => {
    expect(parseRate('0.9233')).toMatchObject({ numerator: 9233n, denominator: 10000n });
    expect(parseRate('149.25')).toMatchObject({ numerator: 14925n, denominator: 100n });
    expect(parseRate('2.4e-7')).toMatchObject({ numerator: 24n, denominator: 100000000n });
    expect(parseRate('1E3')).toMatchObject({ numerator: 1000n, denominator: 1n });
  });

  it.each(['', 'abc', '-1', '0', '0.000', 'NaN', '1,5'])('refuses %j', (text) => {
    expect(() => parseRate(text)).toThrow();
  });
});

describe('conversion arithmetic', () => {
  it('converts between scales and rounds the result down', () => {
    expect(convertMinor(100000n, 'USD', 'EUR', parseRate('0.9233'))).toBe(92330n);
    expect(convertMinor(100000n, 'USD', 'JPY', parseRate('149.254097369'))).toBe(149254n);
    expect(convertMinor(100000n, 'USD', 'BTC', parseRate('0.0000352788'))).toBe(3527880n);
    expect(convertMinor(25_000_000n, 'BTC', 'USD', parseRate('28345.67'))).toBe(708641n);
    expect(convertMinor(1n, 'EUR', 'USD', parseRate('1.0831'))).toBe(1n);
  });

  it('charges a 0.5% fee rounded up', () => {
    expect(conversionFee(100000n)).toBe(500n);
    expect(conversionFee(1n)).toBe(1n);
    expect(conversionFee(201n)).toBe(2n);
  });

  it('favours the house by less than one minor unit on each figure', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 2n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 10 }),
        (amount, rateDigits, rateDecimals) => {
          const rate = parseRate((Number(rateDigits) / 10 ** rateDecimals).toFixed(rateDecimals));
          const converted = convertMinor(amount, 'USD', 'EUR', rate);
          // exact = amount × rate (both 2-decimal currencies); converted ≤ exact < converted + 1
          const exactTimesDenominator = amount * rate.numerator;
          expect(converted * rate.denominator <= exactTimesDenominator).toBe(true);
          expect(exactTimesDenominator < (converted + 1n) * rate.denominator).toBe(true);
          const fee = conversionFee(amount);
          expect(fee * 10_000n >= amount * 50n && (fee - 1n) * 10_000n < amount * 50n).toBe(true);
        },
      ),
    );
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
