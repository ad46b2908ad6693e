import type { Currency } from '@contract/currencies';
import type { Money, Rate } from '@contract/money';
import * as pricing from '@contract/pricing';
import { AppError } from '../../lib/errors';

export type { TransferFigures } from '@contract/pricing';

/**
 * The contract's transfer pricing (contract/src/pricing.ts: the web app previews with the same function), with
 * the server's refusal of an amount that would arrive as nothing: a 422 naming the amount.
 */
export function priceTransfer(amount: Money, to: Currency, rate: Rate | null): pricing.TransferFigures {
  const figures = pricing.priceTransfer(amount, to, rate);
  if (!figures.converted.isPositive()) {
    throw new AppError('BUSINESS_RULE', `The amount is too small to send in ${to}`, {
      amount: `Too small to arrive as ${to}`,
    });
  }
  return figures;
}
