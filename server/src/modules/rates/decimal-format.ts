import { parseRate } from '@contract/money';
import { basisPointsOf, formatPercent } from '@contract/pricing';

/**
 * Turning float prices into wire strings. Rates are prices, not amounts: the market may compute them with
 * floats, but what leaves the server is a decimal string rounded to a fixed number of significant digits,
 * and amounts are converted from it in BigInt by the FX module. No float ever holds money.
 */
const RATE_SIGNIFICANT_DIGITS = 12;

/** `value` as a plain decimal string (no exponent), rounded to 12 significant digits, trailing zeros trimmed. */
export function formatRate(value: number): string {
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`A rate must be a positive finite number, got ${value}`);
  }
  // toPrecision rounds correctly but switches to exponent notation for very small or large values
  // (JPY→BTC is about 2.4e-7), which a decimal parser on the other side would reject.
  const [mantissa = '', exponentText = '0'] = value.toPrecision(RATE_SIGNIFICANT_DIGITS).split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const pointAt = whole.length + Number(exponentText);
  const padded = pointAt <= 0 ? '0'.repeat(1 - pointAt) + digits : digits.padEnd(pointAt, '0');
  const split = Math.max(pointAt, 1);
  const integerPart = padded.slice(0, split).replace(/^0+(?=\d)/, '');
  const fractionPart = padded.slice(split).replace(/0+$/, '');
  return fractionPart ? `${integerPart}.${fractionPart}` : integerPart;
}

/**
 * Percent change from the rate quoted `before` to the rate quoted `now` (formatRate's strings) with 2
 * decimals, e.g. "-1.23"; never "-0.00". Exact, by the contract's percent rule, so the change shown agrees
 * with the rates shown.
 */
export function formatPercentChange(now: string, before: string): string {
  const rateNow = parseRate(now);
  const rateBefore = parseRate(before);
  // now / before − 1 = (now − before) / before, over the common denominator of the two fractions.
  const nowOverCommon = rateNow.numerator * rateBefore.denominator;
  const beforeOverCommon = rateBefore.numerator * rateNow.denominator;
  return formatPercent(basisPointsOf(nowOverCommon - beforeOverCommon, beforeOverCommon));
}
