import { CONVERSION_FEE_BPS } from '@contract/fx';
import { scaleOf, type Currency } from '@contract/currencies';
import { formatAmount, Money } from '@contract/money';
import { AppError } from '../../lib/errors';

/** A rate as an exact fraction: one unit of `from` is numerator / denominator units of `to`. */
export interface Rate {
  numerator: bigint;
  denominator: bigint;
  /** The decimal string as quoted, shown to the user and stored on the transaction. */
  text: string;
}

// Plain decimals, plus exponent notation in case a provider prints tiny prices that way (2.4e-7).
const RATE = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i;

/** Parses a quoted rate exactly (no float): "0.9233" → 9233/10000. */
export function parseRate(text: string): Rate {
  const match = RATE.exec(text.trim());
  if (!match) throw new AppError('UNAVAILABLE', 'The exchange rate could not be read');
  const [, whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  if (Math.abs(exponent) > 40) throw new AppError('UNAVAILABLE', 'The exchange rate is out of range');
  let numerator = BigInt(whole + fraction);
  let denominator = 1n;
  if (exponent >= 0) numerator *= 10n ** BigInt(exponent);
  else denominator = 10n ** BigInt(-exponent);
  if (numerator === 0n) throw new AppError('UNAVAILABLE', 'The exchange rate is zero');
  return { numerator, denominator, text: text.trim() };
}

/**
 * `amount` (minor units of `from`) in minor units of `to`, rounded DOWN: the customer never receives a
 * fraction of a minor unit more than the rate gives, so rounding favours Meridian by less than one unit.
 */
export function convertMinor(amount: bigint, from: Currency, to: Currency, rate: Rate): bigint {
  const scaleUp = 10n ** BigInt(scaleOf(to));
  const scaleDown = 10n ** BigInt(scaleOf(from));
  return (amount * rate.numerator * scaleUp) / (rate.denominator * scaleDown);
}

/** The conversion fee (0.5 %) on `amount`, rounded UP to a whole minor unit: again at most one unit. */
export function conversionFee(amount: bigint): bigint {
  return (amount * CONVERSION_FEE_BPS + 9_999n) / 10_000n;
}

export interface ConversionFigures {
  original: Money;
  converted: Money;
  fee: Money;
  /** original + fee: what leaves the source wallet. */
  total: Money;
  rate: Rate;
  rounding: string;
}

/** The figures of converting `original` into `to`. Fee on top: the user converts exactly what they typed. */
export function priceConversion(original: Money, to: Currency, rate: Rate): ConversionFigures {
  const converted = Money.of(convertMinor(original.minor, original.currency, to, rate), to);
  if (!converted.isPositive()) {
    throw new AppError('BUSINESS_RULE', `The amount is too small to convert into ${to}`, {
      amount: `Too small to convert into ${to}`,
    });
  }
  const fee = Money.of(conversionFee(original.minor), original.currency);
  const unitFrom = formatAmount(1n, original.currency);
  const unitTo = formatAmount(1n, to);
  return {
    original,
    converted,
    fee,
    total: original.plus(fee),
    rate,
    rounding:
      `Rounded in Meridian's favour by less than one smallest unit: the converted amount down ` +
      `(under ${unitTo} ${to}) and the 0.5% fee up (under ${unitFrom} ${original.currency}).`,
  };
}
