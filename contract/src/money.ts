import { z } from 'zod';
import { currencies, currencyCodes, maxMinorOf, scaleOf, type Currency } from './currencies';

/**
 * Money is an integer count of minor units (BigInt) of one currency. Decimal strings exist only at the edges:
 * `parseAmount` on the way in, `formatAmount` on the way out. Nothing in between ever holds a float.
 */

// Digits, optionally a point and more digits. No sign, exponent, spaces, or a bare leading/trailing point.
const DECIMAL = /^\d+(\.\d+)?$/;

export class InvalidAmountError extends Error {
  override name = 'InvalidAmountError';
}

/** "Amount can be at most 5,000,000,000.00 USD": what is said when an amount passes its currency's ceiling. */
export function overCeilingMessage(currency: Currency, what = 'Amount'): string {
  const [whole = '', fraction] = formatAmount(maxMinorOf(currency), currency).split('.');
  const ceiling = fraction === undefined ? groupThousands(whole) : `${groupThousands(whole)}.${fraction}`;
  return `${what} can be at most ${ceiling} ${currency}`;
}

/** Whether `minor` is within its currency's ceiling (currencies.ts says why there is one). */
export const withinCeiling = (minor: bigint, currency: Currency) => minor <= maxMinorOf(currency);

/** What is wrong with `decimal` as an amount of `currency`, or null if it is fine (zero included). */
export function amountProblem(decimal: string, currency: Currency): string | null {
  if (!DECIMAL.test(decimal)) return 'Amount must be a positive decimal number such as 12.50';
  if (decimal.length > 40) return overCeilingMessage(currency);
  const scale = scaleOf(currency);
  const fraction = decimal.split('.')[1] ?? '';
  if (fraction.length > scale) {
    return scale === 0
      ? `${currency} amounts cannot have decimal places`
      : `${currency} amounts can have at most ${scale} decimal places`;
  }
  if (!withinCeiling(toMinor(decimal, scale), currency)) return overCeilingMessage(currency);
  return null;
}

const toMinor = (decimal: string, scale: number) => {
  const [whole = '', fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0'));
};

/**
 * "12.5" USD → 1250n. Strict: throws InvalidAmountError on anything but plain digits within the scale and the
 * currency's ceiling.
 */
export function parseAmount(decimal: string, currency: Currency): bigint {
  const problem = typeof decimal === 'string' ? amountProblem(decimal, currency) : 'Amount must be a string';
  if (problem) throw new InvalidAmountError(problem);
  return toMinor(decimal, scaleOf(currency));
}

/** 1245000n USD → "12450.00"; always exactly the currency's scale of decimals ("0.25000000" BTC, "100" JPY). */
export function formatAmount(minor: bigint, currency: Currency): string {
  const scale = scaleOf(currency);
  const sign = minor < 0n ? '-' : '';
  const digits = (minor < 0n ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  return scale === 0 ? `${sign}${whole}` : `${sign}${whole}.${digits.slice(digits.length - scale)}`;
}

// The largest ceiling in whole units (the yen's): more than this is too large whatever the currency.
const LARGEST_CEILING = currencyCodes.reduce(
  (largest, code) => (currencies[code].ceiling > largest ? currencies[code].ceiling : largest),
  0n,
);

/**
 * An amount on the wire: a positive decimal string. JSON numbers are refused because they are floats in every
 * JavaScript client (0.1 + 0.2). The currency-specific scale and ceiling are checked where the currency is
 * known (`amountProblem`, server/src/lib/amount.ts); here only what no currency allows.
 */
export const amountStringSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? 'Amount is required'
        : typeof issue.input === 'number'
          ? 'Amount must be a string such as "12.50", not a JSON number'
          : 'Amount must be a decimal string such as "12.50"',
  })
  .regex(DECIMAL, 'Amount must be a positive decimal number such as 12.50')
  .max(40, 'Amount is too large')
  .refine((value) => /[1-9]/.test(value), 'Amount must be greater than 0')
  .refine(
    (value) => !DECIMAL.test(value) || BigInt(value.split('.')[0]!) <= LARGEST_CEILING,
    'Amount is too large',
  );

/**
 * An amount with its currency. Arithmetic only with other Money of the same currency: `money + 1` and
 * `money > 5` do not type-check (the private constructor makes the class nominal), and at run time `valueOf`
 * throws so a stray coercion fails loudly instead of producing NaN or a float.
 */
export class Money {
  private constructor(
    readonly minor: bigint,
    readonly currency: Currency,
  ) {}

  static of(minor: bigint, currency: Currency): Money {
    if (typeof minor !== 'bigint') throw new TypeError('Money needs a bigint count of minor units');
    return new Money(minor, currency);
  }

  static zero(currency: Currency): Money {
    return new Money(0n, currency);
  }

  static parse(decimal: string, currency: Currency): Money {
    return new Money(parseAmount(decimal, currency), currency);
  }

  plus(other: Money): Money {
    return new Money(this.minor + this.same(other).minor, this.currency);
  }

  minus(other: Money): Money {
    return new Money(this.minor - this.same(other).minor, this.currency);
  }

  negated(): Money {
    return new Money(-this.minor, this.currency);
  }

  compare(other: Money): -1 | 0 | 1 {
    const difference = this.minor - this.same(other).minor;
    return difference === 0n ? 0 : difference < 0n ? -1 : 1;
  }

  equals(other: Money): boolean {
    return this.currency === other.currency && this.minor === other.minor;
  }

  isZero(): boolean {
    return this.minor === 0n;
  }

  isNegative(): boolean {
    return this.minor < 0n;
  }

  isPositive(): boolean {
    return this.minor > 0n;
  }

  /** The wire format: "12450.00". */
  format(): string {
    return formatAmount(this.minor, this.currency);
  }

  toString(): string {
    return `${this.format()} ${this.currency}`;
  }

  valueOf(): never {
    throw new TypeError('Money is not a number: use plus, minus or compare');
  }

  private same(other: Money): Money {
    if (other.currency !== this.currency) {
      throw new TypeError(`Cannot combine ${this.currency} with ${other.currency}`);
    }
    return other;
  }
}

const displayFormats = new Map<string, Intl.NumberFormat>();

/** The one Intl.NumberFormat factory: "$12,450.00", "€3,200.00", "BTC 0.25000000", exact (no float on the way). */
export function displayMoney(money: Money, locale = 'en-US'): string {
  const key = `${locale}|${money.currency}`;
  let format = displayFormats.get(key);
  if (!format) {
    const scale = scaleOf(money.currency);
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: money.currency,
      minimumFractionDigits: scale,
      maximumFractionDigits: scale,
    });
    displayFormats.set(key, format);
  }
  // A numeric string is formatted exactly (Intl.NumberFormat v3), so large or precise amounts stay exact.
  return format.format(money.format() as `${number}`);
}

/**
 * An exchange rate as an exact fraction: one unit of `from` is `numerator / denominator` units of `to`.
 * Rates are prices with up to 12 significant digits (see rates.ts), so a fraction keeps them exact. The one
 * rate module of both sides: the server charges with it and the web app previews with it.
 */
export interface RateFraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** A quoted rate: its exact fraction and the decimal as quoted (shown to people, stored on a transaction). */
export interface Rate extends RateFraction {
  readonly text: string;
}

/** A rate that cannot be read (a provider's garbage, zero, absurd exponents). */
export class InvalidRateError extends Error {
  override name = 'InvalidRateError';
}

// Plain decimals, plus exponent notation in case a provider prints tiny prices that way (2.4e-7).
const RATE = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/** "0.9233" → 9233/10000, exactly (no float). Throws InvalidRateError on anything but a positive rate. */
export function parseRate(text: string): Rate {
  const trimmed = text.trim();
  const match = RATE.exec(trimmed);
  if (!match) throw new InvalidRateError(`Not a rate: ${JSON.stringify(text)}`);
  const [, whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  if (Math.abs(exponent) > 40) throw new InvalidRateError('The rate is out of range');
  let numerator = BigInt(whole + fraction);
  let denominator = 1n;
  if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
  else denominator = 10n ** BigInt(-exponent);
  if (numerator === 0n) throw new InvalidRateError('A rate cannot be zero');
  return { numerator, denominator, text: trimmed };
}

/** "50000" → "50,000": digits grouped by thousands (a whole number's digits only). */
export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The opposite direction: USD→EUR 0.92 becomes EUR→USD 1/0.92, still exact. */
export function invertRate(rate: RateFraction): RateFraction {
  return { numerator: rate.denominator, denominator: rate.numerator };
}

/**
 * `money` converted into `to` at `rate`, to a whole minor unit of `to`. `down` truncates (what an exchange
 * pays out: never more than the rate gives); `nearest` rounds half up (a valuation, such as a balance shown
 * in USD); `up` takes the next whole unit (a price charged for an exact amount: never a unit short). Exact
 * BigInt arithmetic throughout.
 */
export function convertAtRate(
  money: Money,
  to: Currency,
  rate: RateFraction,
  rounding: 'down' | 'nearest' | 'up' = 'nearest',
): Money {
  const numerator = money.minor * rate.numerator * 10n ** BigInt(scaleOf(to));
  const denominator = rate.denominator * 10n ** BigInt(scaleOf(money.currency));
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient =
    rounding === 'down'
      ? magnitude / denominator
      : rounding === 'up'
        ? (magnitude + denominator - 1n) / denominator
        : (magnitude * 2n + denominator) / (denominator * 2n);
  return Money.of(negative ? -quotient : quotient, to);
}

/**
 * Compares two decimal strings as numbers (-1, 0, 1), for rules between amounts of one currency before it is
 * known (a card's limits in its request): digits only, never a float.
 */
export function compareDecimals(a: string, b: string): number {
  const [aWhole = '', aFraction = ''] = a.split('.');
  const [bWhole = '', bFraction = ''] = b.split('.');
  const places = Math.max(aFraction.length, bFraction.length);
  const scaled = (whole: string, fraction: string) => BigInt(whole + fraction.padEnd(places, '0'));
  const difference = scaled(aWhole, aFraction) - scaled(bWhole, bFraction);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
}
