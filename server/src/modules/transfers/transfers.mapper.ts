import type { TransferQuote } from '@contract/transfers';
import type { TransferFigures } from './transfer-pricing';

/** A transfer's figures as a quote shows them (delivery and hold days are the caller's). */
export function toQuote(
  figures: TransferFigures,
  rateTimestamp: string | null,
): Omit<TransferQuote, 'delivery' | 'holdDays'> {
  return {
    amount: figures.amount.format(),
    fromCurrency: figures.amount.currency,
    toCurrency: figures.converted.currency,
    fee: figures.fee.format(),
    total: figures.total.format(),
    convertedAmount: figures.converted.format(),
    rate: figures.rate?.text ?? null,
    rateTimestamp,
    rounding: figures.rounding,
  };
}
