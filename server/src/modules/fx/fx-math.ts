import type { Currency } from '@contract/currencies';
import { InvalidRateError, parseRate, type Money, type Rate } from '@contract/money';
import * as pricing from '@contract/pricing';
import { AppError } from '../../lib/errors';

export type { ConversionFigures } from '@contract/pricing';

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

/**
 * The contract's conversion pricing (contract/src/pricing.ts: the web app previews with the same function),
 * with the server's refusal of an amount that would convert to nothing: a 422 naming the amount.
 */
export function priceConversion(original: Money, to: Currency, rate: Rate): pricing.ConversionFigures {
  const figures = pricing.priceConversion(original, to, rate);
  if (!figures.converted.isPositive()) {
    throw new AppError('BUSINESS_RULE', `The amount is too small to convert into ${to}`, {
      amount: `Too small to convert into ${to}`,
    });
  }
  return figures;
}
