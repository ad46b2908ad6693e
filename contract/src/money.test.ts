import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyCodes } from './currencies';
import {
  amountStringSchema,
  displayMoney,
  formatAmount,
  InvalidAmountError,
  Money,
  parseAmount,
} from './money';

describe('parseAmount', () => {
  it('turns decimal strings into minor units', () => {
    expect(parseAmount('12450.00', 'USD')).toBe(1245000n);
    expect(parseAmount('12.5', 'USD')).toBe(1250n);
    expect(parseAmount('0.25', 'BTC')).toBe(25_000_000n);
    expect(parseAmount('100', 'JPY')).toBe(100n);
    expect(parseAmount('0', 'EUR')).toBe(0n);
  });

  it.each([
    'abc',
    '-1',
    '1e5',
    'NaN',
    '',
    ' 1',
    '1 ',
    '+1',
    '1.',
    '.5',
    '1,000',
    'Infinity',
    '0x10',
    '1.2.3',
  ])('rejects %j', (input) => {
    expect(() => parseAmount(input, 'USD')).toThrow(InvalidAmountError);
  });

  it('rejects more decimals than the currency has', () => {
    expect(() => parseAmount('1.001', 'USD')).toThrow('USD amounts can have at most 2 decimal places');
    expect(() => parseAmount('1.5', 'JPY')).toThrow('JPY amounts cannot have decimal places');
    expect(() => parseAmount('0.000000001', 'BTC')).toThrow(InvalidAmountError);
    expect(parseAmount('0.00000001', 'BTC')).toBe(1n);
  });

  it('rejects absurdly large amounts and non-strings', () => {
    expect(() => parseAmount('99999999999999999999', 'USD')).toThrow('Amount is too large');
    expect(() => parseAmount(12 as unknown as string, 'USD')).toThrow(InvalidAmountError);
  });
});

describe('formatAmount', () => {
  it('always writes exactly the scale', () => {
    expect(formatAmount(1245000n, 'USD')).toBe('12450.00');
    expect(formatAmount(25_000_000n, 'BTC')).toBe('0.25000000');
    expect(formatAmount(100n, 'JPY')).toBe('100');
    expect(formatAmount(5n, 'EUR')).toBe('0.05');
    expect(formatAmount(-1250n, 'USD')).toBe('-12.50');
  });

  it('round-trips with parseAmount for every currency', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.constantFrom(...currencyCodes),
        (minor, currency) => {
          expect(parseAmount(formatAmount(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });
});

describe('amountStringSchema', () => {
  const messageFor = (input: unknown) => amountStringSchema.safeParse(input).error?.issues[0]?.message;

  it('accepts positive decimal strings', () => {
    expect(amountStringSchema.parse('0.01')).toBe('0.01');
  });

  it('explains what is wrong', () => {
    expect(messageFor(12.5)).toBe('Amount must be a string such as "12.50", not a JSON number');
    expect(messageFor(undefined)).toBe('Amount is required');
    expect(messageFor('0')).toBe('Amount must be greater than 0');
    expect(messageFor('0.00')).toBe('Amount must be greater than 0');
    expect(messageFor('-1')).toBe('Amount must be a positive decimal number such as 12.50');
    expect(messageFor('1e5')).toBe('Amount must be a positive decimal number such as 12.50');
  });
});

describe('Money', () => {
  const usd = (decimal: string) => Money.parse(decimal, 'USD');

  it('adds, subtracts and compares within one currency', () => {
    expect(usd('10.25').plus(usd('0.75')).format()).toBe('11.00');
    expect(usd('1').minus(usd('2.5')).format()).toBe('-1.50');
    expect(usd('1').compare(usd('0.99'))).toBe(1);
    expect(usd('1').negated().isNegative()).toBe(true);
    expect(usd('1').equals(Money.of(100n, 'USD'))).toBe(true);
    expect(String(usd('3'))).toBe('3.00 USD');
  });

  it('refuses to mix currencies', () => {
    expect(() => usd('1').plus(Money.parse('1', 'EUR'))).toThrow('Cannot combine USD with EUR');
  });

  it('refuses bare numbers by type and at run time', () => {
    const money = usd('1');
    // @ts-expect-error Money is not a number
    expect(() => money + 1).toThrow(TypeError);
    // @ts-expect-error comparing with a number is refused too
    expect(() => money > 5).toThrow(TypeError);
    // @ts-expect-error plus takes Money only
    expect(() => money.plus(1)).toThrow();
    // @ts-expect-error minor units are bigint, so number arithmetic does not type-check
    expect(() => money.minor + 1).toThrow(TypeError);
  });

  it('displays with the locale, exactly', () => {
    expect(displayMoney(usd('12450'))).toBe('$12,450.00');
    expect(displayMoney(Money.parse('0.25', 'BTC'))).toMatch(/0\.25000000/);
  });
});
