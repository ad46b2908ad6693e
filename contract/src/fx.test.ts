import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conversionFeeMinor } from './fx';
import { convertAtRate, Money, parseRate } from './money';

describe('conversion fee and rounding', () => {
  it('charges a 0.5% fee rounded up', () => {
    expect(conversionFeeMinor(100000n)).toBe(500n);
    expect(conversionFeeMinor(1n)).toBe(1n);
    expect(conversionFeeMinor(201n)).toBe(2n);
  });

  it('favours the house by less than one minor unit on each figure', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 2n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 10 }),
        (amount, rateDigits, rateDecimals) => {
          const digits = rateDigits.toString().padStart(rateDecimals + 1, '0');
          const text =
            rateDecimals === 0 ? digits : `${digits.slice(0, -rateDecimals)}.${digits.slice(-rateDecimals)}`;
          const rate = parseRate(text);
          const converted = convertAtRate(Money.of(amount, 'USD'), 'EUR', rate, 'down').minor;
          // exact = amount × rate (both 2-decimal currencies); converted ≤ exact < converted + 1
          const exactTimesDenominator = amount * rate.numerator;
          expect(converted * rate.denominator <= exactTimesDenominator).toBe(true);
          expect(exactTimesDenominator < (converted + 1n) * rate.denominator).toBe(true);
          const fee = conversionFeeMinor(amount);
          expect(fee * 10_000n >= amount * 50n && (fee - 1n) * 10_000n < amount * 50n).toBe(true);
        },
      ),
    );
  });
});
