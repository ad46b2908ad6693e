import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Money, parseRate } from '@contract/money';
import { feeFromBps, priceTransfer, TRANSFER_FEE_BPS } from '@contract/pricing';
import {
  amountError,
  checkDraft,
  draftAmount,
  emptyDraft,
  estimateTransfer,
  exceedsBalance,
  typingAmountError,
  type TransferDraft,
} from './transfer-form';
import { cleanAmountInput, NEGATIVE_AMOUNT } from '@web/lib/money';

const draft = (overrides: Partial<TransferDraft> = {}): TransferDraft => ({
  fromCurrency: 'USD',
  amount: '100.00',
  toCurrency: 'EUR',
  recipientEmail: 'Alex@Example.com ',
  description: 'Money Transfer',
  ...overrides,
});

describe('emptyDraft', () => {
  it('pays in the source currency when it is a transfer target, else in USD', () => {
    expect(emptyDraft('GBP').toCurrency).toBe('GBP');
    expect(emptyDraft('BTC').toCurrency).toBe('USD');
    expect(emptyDraft().toCurrency).toBe('');
    expect(emptyDraft('USD').description).toBe('Money Transfer');
  });
});

describe('checkDraft', () => {
  it.each([
    ['amount', { amount: '' }],
    ['source wallet', { fromCurrency: '' as const }],
    ['target currency', { toCurrency: '' as const }],
    ['recipient email', { recipientEmail: '  ' }],
  ])('reports missing information when the %s is empty', (_, overrides) => {
    expect(checkDraft(draft(overrides))).toEqual({ ok: false, missing: true });
  });

  it('puts a too-precise amount and a bad email under their fields', () => {
    const check = checkDraft(draft({ amount: '10.123', recipientEmail: 'not-an-email' }));
    expect(check).toEqual({
      ok: false,
      missing: false,
      errors: {
        amount: 'USD amounts can have at most 2 decimal places',
        recipientEmail: 'Enter a valid email address',
      },
    });
  });

  it('refuses a zero amount and a description over 140 characters', () => {
    const check = checkDraft(draft({ amount: '0.00', description: 'x'.repeat(141) }));
    expect(check.ok).toBe(false);
    if (!check.ok && !check.missing) {
      expect(check.errors.amount).toBe('Enter an amount greater than 0');
      expect(check.errors.description).toMatch(/at most 140/);
    }
  });

  it('normalises a good draft as the server will', () => {
    const check = checkDraft(draft({ description: '  ' }));
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.transfer.amount.equals(Money.of(10_000n, 'USD'))).toBe(true);
      expect(check.transfer.recipientEmail).toBe('alex@example.com');
      expect(check.transfer.description).toBe('Money Transfer');
      expect(check.transfer.toCurrency).toBe('EUR');
    }
  });

  it('takes crypto amounts to 8 decimals', () => {
    expect(amountError('0.12345678', 'BTC')).toBeUndefined();
    expect(amountError('0.123456789', 'BTC')).toBe('BTC amounts can have at most 8 decimal places');
    expect(amountError('', 'BTC')).toBeUndefined();
  });
});

describe('while typing', () => {
  it('flags only finished numbers the currency cannot hold', () => {
    expect(typingAmountError('12.', 'USD')).toBeUndefined();
    expect(typingAmountError('0', 'USD')).toBeUndefined();
    expect(typingAmountError('1.2.3', 'USD')).toBeUndefined();
    expect(typingAmountError('12.345', 'USD')).toBe('USD amounts can have at most 2 decimal places');
    expect(typingAmountError('5.5', 'JPY')).toBe('JPY amounts cannot have decimal places');
  });

  it('reads the amount as money once it is valid and positive', () => {
    expect(draftAmount('12.5', 'USD')?.format()).toBe('12.50');
    expect(draftAmount('0', 'USD')).toBeNull();
    expect(draftAmount('12.5', '')).toBeNull();
    expect(draftAmount('12.345', 'USD')).toBeNull();
  });
});

describe('estimateTransfer', () => {
  it('charges 2.9% rounded up, exactly like the server', () => {
    const amount = Money.parse('100.01', 'USD');
    const estimate = estimateTransfer(amount, 'USD', null);
    expect(estimate.fee).toEqual(feeFromBps(amount, TRANSFER_FEE_BPS));
    expect(estimate.fee.format()).toBe('2.91'); // 290.029 cents, rounded up
    expect(estimate.total.format()).toBe('102.92');
    expect(estimate.received?.format()).toBe('100.01');
    expect(estimate.estimated).toBe(false);
  });

  it('converts at the live rate, rounded down, when the currencies differ', () => {
    const estimate = estimateTransfer(Money.parse('100.00', 'USD'), 'EUR', '0.92336');
    expect(estimate.received?.format()).toBe('92.33');
    expect(estimate.received?.currency).toBe('EUR');
    expect(estimate.estimated).toBe(true);
    expect(estimateTransfer(Money.parse('1.00', 'USD'), 'EUR', undefined).received).toBeNull();
  });

  it("shows the contract's figures, the ones the server charges", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.constantFrom('USD', 'EUR'), (minor, to) => {
        const amount = Money.of(minor, 'USD');
        const rate = to === 'USD' ? null : '0.92336';
        const estimate = estimateTransfer(amount, to, rate);
        const figures = priceTransfer(amount, to, rate === null ? null : parseRate(rate));
        expect([estimate.fee, estimate.total, estimate.received]).toEqual([
          figures.fee,
          figures.total,
          figures.converted,
        ]);
      }),
    );
  });

  it('compares the total with the balance in minor units', () => {
    const { total } = estimateTransfer(Money.parse('100.00', 'USD'), 'USD', null);
    expect(exceedsBalance(total, '102.90')).toBe(false);
    expect(exceedsBalance(total, '102.89')).toBe(true);
  });
});

describe('cleanAmountInput', () => {
  it('keeps digits and points only', () => {
    expect(cleanAmountInput('$1,000.50 ')).toBe('1000.50');
  });

  it('keeps a leading minus, and the amount is refused as negative while typing and on review', () => {
    expect(cleanAmountInput('-5')).toBe('-5');
    expect(typingAmountError('-5', 'USD')).toBe(NEGATIVE_AMOUNT);
    expect(amountError('-5', 'USD')).toBe(NEGATIVE_AMOUNT);
  });
});
