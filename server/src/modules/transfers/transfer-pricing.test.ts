import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money, parseRate } from '@contract/money';
import * as pricing from '@contract/pricing';
import { AppError } from '../../lib/errors';
import { priceTransfer } from './transfer-pricing';

// The figures themselves are the contract's (contract/src/pricing.test.ts); here, what the server adds.
describe('transfer pricing on the server', () => {
  it("charges the contract's figures", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), (minor) => {
        const amount = Money.of(minor, 'EUR');
        const rate = parseRate('161.237');
        expect(priceTransfer(amount, 'JPY', rate)).toEqual(pricing.priceTransfer(amount, 'JPY', rate));
        expect(priceTransfer(amount, 'EUR', null)).toEqual(pricing.priceTransfer(amount, 'EUR', null));
      }),
    );
  });

  it('refuses an amount that would arrive as nothing, naming the amount', () => {
    const tiny = () => priceTransfer(Money.parse('0.00000001', 'BTC'), 'JPY', parseRate('4500000'));
    expect(tiny).toThrow(/too small/);
    try {
      tiny();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(422);
      expect((error as AppError).fields).toEqual({ amount: 'Too small to arrive as JPY' });
    }
  });
});
