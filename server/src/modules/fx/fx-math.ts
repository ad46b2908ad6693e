import type { Currency } from '@contract/currencies';
import { conversionFeeMinor } from '@contract/fx';
import { convertAtRate, displayMoney, InvalidRateError, Money, parseRate, type Rate } from '@contract/money';
import { AppError } from '../../lib/errors';

/**
 * A rate quoted by the rates provider, exactly. One the provider got wrong is our dependency failing, not the
 * user's mistake: 503.
 */
export function quotedRate(text: string): Rate {
  try {
    return parseRate(text);
  } catch (error) {
    if (error instanceof InvalidRateError) {
      throw new AppError('UNAVAILABLE', 'The exchange rate could not be read');
    }
    throw error;
  }
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
  // Down: the customer never receives a fraction of a minor unit more than the rate gives.
  const converted = convertAtRate(original, to, rate, 'down');
  if (!converted.isPositive()) {
    throw new AppError('BUSINESS_RULE', `The amount is too small to convert into ${to}`, {
      amount: `Too small to convert into ${to}`,
    });
  }
  const fee = Money.of(conversionFeeMinor(original.minor), original.currency);
  const unitFrom = displayMoney(Money.of(1n, original.currency));
  const unitTo = displayMoney(Money.of(1n, to));
  return {
    original,
    converted,
    fee,
    total: original.plus(fee),
    rate,
    rounding:
      `Rounded in Meridian's favour by less than one smallest unit: the converted amount down ` +
      `(under ${unitTo}) and the 0.5% fee up (under ${unitFrom}).`,
  };
}
