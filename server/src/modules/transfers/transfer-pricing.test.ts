import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money } from '@contract/money';
import { transferFeeMinor } from '@contract/transfers';
import { parseRate } from '@contract/money';
import { priceTransfer } from './transfer-pricing';

describe('transfer pricing', () => {
  it('charges 2.9% on top, rounded up to a whole minor unit', () => {
    expect(transferFeeMinor(10000n)).toBe(290n);
    expect(transferFeeMinor(1n)).toBe(1n);
    expect(transferFeeMinor(9718n)).toBe(282n); // 281.822 → 282
    const figures = priceTransfer(Money.parse('100', 'USD'), 'USD', null);
    expect([figures.fee.format(), figures.total.format(), figures.converted.format()]).toEqual([
      '2.90',
      '102.90',
      '100.00',
    ]);
  });

  it('favours the house by less than one minor unit on the fee', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), (amount) => {
        const fee = transferFeeMinor(amount);
        expect(fee * 10_000n >= amount * 290n).toBe(true);
        expect((fee - 1n) * 10_000n < amount * 290n).toBe(true);
      }),
    );
  });

  it('converts down at the rate, charging the fee in the source currency', () => {
    const figures = priceTransfer(Money.parse('123.45', 'EUR'), 'JPY', parseRate('161.237'));
    expect([figures.fee.format(), figures.total.format(), figures.converted.format()]).toEqual([
      '3.59',
      '127.04',
      '19904',
    ]);
    expect(figures.rounding).toMatch(/favour/);
  });

  it('refuses an amount that would arrive as nothing', () => {
    expect(() => priceTransfer(Money.parse('0.00000001', 'BTC'), 'JPY', parseRate('4500000'))).toThrow(
      /too small/,
    );
  });
});
