import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupThousands, Money, parseRate } from '@contract/money';
import { priceConversion } from '@contract/pricing';
import { cleanAmountInput, NEGATIVE_AMOUNT } from '@web/lib/money';
import { checkAmount, estimateConversion, inlineAmountError } from './converter';

describe('checkAmount', () => {
  it('accepts amounts above 0 within the currency scale', () => {
    const check = checkAmount('1000', 'USD');
    expect(check.ok && check.money.format()).toBe('1000.00');
    expect(checkAmount('0.00000001', 'BTC').ok).toBe(true);
  });

  it('asks for a valid amount when it is empty, zero or not a number (the toast case)', () => {
    for (const amount of ['', '0', '0.00', '.', '1.2.3', '.5']) {
      expect(checkAmount(amount, 'USD')).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('explains inline what the currency cannot hold', () => {
    expect(checkAmount('1.001', 'USD')).toEqual({
      ok: false,
      reason: 'inline',
      message: 'USD amounts can have at most 2 decimal places',
    });
    expect(inlineAmountError('10.5', 'JPY')).toBe('JPY amounts cannot have decimal places');
    expect(inlineAmountError('99999999999999999', 'USD')).toBe('Amount can be at most 5,000,000,000.00 USD');
    expect(inlineAmountError('0', 'USD')).toBeUndefined();
    expect(inlineAmountError('', 'USD')).toBeUndefined();
  });
});

describe('estimateConversion', () => {
  it('matches the server: converted rounded down, 0.5% fee rounded up', () => {
    const estimate = estimateConversion(Money.parse('100', 'USD'), 'EUR', '0.923254077971');
    expect(estimate.converted.format()).toBe('92.32');
    expect(estimate.fee.format()).toBe('0.50');
    expect(estimate.total.format()).toBe('100.50');
    expect(estimateConversion(Money.parse('1', 'JPY'), 'BTC', '0.000000236368283426').fee.format()).toBe('1');
    expect(estimateConversion(Money.parse('0.01', 'USD'), 'EUR', '0.9').fee.format()).toBe('0.01');
  });

  it("shows the contract's figures, the ones the server charges", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), (minor) => {
        const money = Money.of(minor, 'USD');
        const { converted, fee, total } = priceConversion(money, 'EUR', parseRate('0.923254077971'));
        expect(estimateConversion(money, 'EUR', '0.923254077971')).toEqual({ converted, fee, total });
      }),
    );
  });
});

describe('input helpers', () => {
  it('keeps digits and points only, and groups thousands', () => {
    expect(cleanAmountInput(' 1,000.5x')).toBe('1000.5');
    // A minus stays, so that the field can refuse "-5" instead of quietly taking 5.
    expect(cleanAmountInput('-5')).toBe('-5');
    expect(cleanAmountInput('5-')).toBe('5');
    expect(inlineAmountError('-5', 'USD')).toBe(NEGATIVE_AMOUNT);
    expect(groupThousands('50000')).toBe('50,000');
    expect(groupThousands('100')).toBe('100');
  });
});
