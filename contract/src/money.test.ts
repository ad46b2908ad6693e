import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyCodes, maxMinorOf, type Currency } from './currencies';
import {
  amountProblem,
  amountStringSchema,
  convertAtRate,
  displayMoney,
  formatAmount,
  InvalidAmountError,
  invertRate,
  Money,
  parseAmount,
  parseRate,
  InvalidRateError,
  groupThousands,
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
    expect(() => parseAmount('99999999999999999999', 'USD')).toThrow(
      'Amount can be at most 5,000,000,000.00 USD',
    );
    expect(() => parseAmount(12 as unknown as string, 'USD')).toThrow(InvalidAmountError);
  });

  it('takes up to each currency ceiling and refuses one minor unit more', () => {
    const ceilings: Record<string, [string, string]> = {
      USD: ['5000000000.00', '5000000000.01'],
      JPY: ['500000000000', '500000000001'],
      BTC: ['100000', '100000.00000001'],
      ETH: ['1000000', '1000000.00000001'],
    };
    for (const [currency, [largest, over]] of Object.entries(ceilings) as [Currency, [string, string]][]) {
      expect(parseAmount(largest, currency)).toBe(maxMinorOf(currency));
      expect(amountProblem(over, currency)).toMatch(
        new RegExp(`^Amount can be at most [\\d,.]+ ${currency}$`),
      );
    }
    expect(amountProblem('100000.00000001', 'BTC')).toBe('Amount can be at most 100,000.00000000 BTC');
    // Without a currency, only what no currency allows: more than the yen's 500 billion.
    expect(amountStringSchema.safeParse('500000000000').success).toBe(true);
    expect(amountStringSchema.safeParse('500000000001').error?.issues[0]?.message).toBe(
      'Amount is too large',
    );
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
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.constantFrom(...currencyCodes),
        (minor, currency) => {
          if (minor > maxMinorOf(currency)) return;
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

describe('exchange-rate helpers', () => {
  it('parses a rate exactly, exponent notation included, and refuses anything else', () => {
    expect(parseRate('0.9233')).toEqual({ numerator: 9233n, denominator: 10000n, text: '0.9233' });
    expect(parseRate('28345.67')).toMatchObject({ numerator: 2834567n, denominator: 100n });
    expect(parseRate('149')).toMatchObject({ numerator: 149n, denominator: 1n });
    expect(parseRate('2.4e-7')).toMatchObject({ numerator: 24n, denominator: 100000000n });
    expect(parseRate('1E3')).toMatchObject({ numerator: 1000n, denominator: 1n });
    for (const bad of ['', '0', '0.000', '-1', 'abc', '.5', 'NaN', '1,5', '1e99']) {
      expect(() => parseRate(bad)).toThrow(InvalidRateError);
    }
  });

  it('converts between scales, rounding down what an exchange pays out', () => {
    const down = (
      amount: bigint,
      from: 'USD' | 'EUR' | 'BTC',
      to: 'EUR' | 'JPY' | 'BTC' | 'USD',
      rate: string,
    ) => convertAtRate(Money.of(amount, from), to, parseRate(rate), 'down').minor;
    expect(down(100000n, 'USD', 'EUR', '0.9233')).toBe(92330n);
    expect(down(100000n, 'USD', 'JPY', '149.254097369')).toBe(149254n);
    expect(down(100000n, 'USD', 'BTC', '0.0000352788')).toBe(3527880n);
    expect(down(25_000_000n, 'BTC', 'USD', '28345.67')).toBe(708641n);
    expect(down(1n, 'EUR', 'USD', '1.0831')).toBe(1n);
  });

  it('groups digits by thousands', () => {
    expect(['5', '500', '5000', '50000', '1000000'].map(groupThousands)).toEqual([
      '5',
      '500',
      '5,000',
      '50,000',
      '1,000,000',
    ]);
  });

  it('converts at a rate, rounding to nearest, down or up', () => {
    const btc = Money.parse('0.25', 'BTC');
    expect(convertAtRate(btc, 'USD', parseRate('28345.67')).format()).toBe('7086.42'); // 7086.4175
    expect(convertAtRate(btc, 'USD', parseRate('28345.67'), 'down').format()).toBe('7086.41');
    expect(convertAtRate(btc, 'USD', parseRate('28345.67'), 'up').format()).toBe('7086.42');
    expect(convertAtRate(btc, 'USD', parseRate('28345.64'), 'up').format()).toBe('7086.41'); // exactly 7086.41
    const usd = Money.parse('100', 'USD');
    expect(convertAtRate(usd, 'EUR', parseRate('0.923254077971'), 'down').format()).toBe('92.32');
    expect(convertAtRate(usd, 'JPY', parseRate('149.5')).format()).toBe('14950');
    expect(convertAtRate(Money.parse('1', 'JPY'), 'BTC', parseRate('0.000000236368')).format()).toBe(
      '0.00000024',
    );
    expect(convertAtRate(Money.of(-100n, 'USD'), 'EUR', parseRate('0.925')).format()).toBe('-0.93');
  });

  it('inverts a rate exactly: EUR at 1 / USD_EUR', () => {
    const eurToUsd = invertRate(parseRate('0.923254793097'));
    expect(convertAtRate(Money.parse('3200', 'EUR'), 'USD', eurToUsd).format()).toBe('3466.00'); // 3465.9988;
    // Half-up at exactly half a cent: 0.5 / 0.4 = 1.25 → 1.25; 0.01 / 0.8 = 0.0125 → 0.01.
    expect(convertAtRate(Money.parse('0.01', 'EUR'), 'USD', invertRate(parseRate('0.8'))).format()).toBe(
      '0.01',
    );
    expect(convertAtRate(Money.parse('0.03', 'EUR'), 'USD', invertRate(parseRate('0.8'))).format()).toBe(
      '0.04',
    ); // 0.0375
  });

  it('never differs from the exact value by half a minor unit or more (nearest)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (minor, n) => {
          const rate = { numerator: n, denominator: 10n ** 6n };
          const out = convertAtRate(Money.of(minor, 'USD'), 'EUR', rate).minor;
          // |out - minor*n/10^6| < 1/2  ⇔  |2*out*10^6 - 2*minor*n| <= 10^6
          const gap = 2n * out * 10n ** 6n - 2n * minor * n;
          expect(gap <= 10n ** 6n && gap > -(10n ** 6n)).toBe(true);
        },
      ),
    );
  });
});
