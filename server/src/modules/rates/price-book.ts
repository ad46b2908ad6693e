import type { Currency } from '@contract/currencies';
import { formatPercentChange, formatRate } from './decimal-format';
import type { RatePair, RateQuote } from './rates.provider';

/**
 * A snapshot source of USD prices (USD for one unit of a currency), now and a day ago. Every provider
 * reduces to one of these, and every rate is derived from two USD prices, so USD→EUR→GBP equals USD→GBP
 * within rounding whatever the source.
 */
export interface UsdPriceBook {
  usdPrice(currency: Currency): number;
  usdPriceDayAgo(currency: Currency): number;
  /** Epoch milliseconds of the prices. */
  readonly updatedAt: number;
}

/**
 * The pairs GET /api/exchange-rates/all lists, most useful first: the converter's Live Rates list shows the
 * first 8, so those are the majors and the two coins; the rest fill in the other currencies and crosses.
 */
export const listedPairs: ReadonlyArray<readonly [Currency, Currency]> = [
  ['USD', 'EUR'],
  ['USD', 'GBP'],
  ['EUR', 'USD'],
  ['GBP', 'USD'],
  ['BTC', 'USD'],
  ['ETH', 'USD'],
  ['USD', 'JPY'],
  ['USD', 'CAD'],
  ['USD', 'AUD'],
  ['USD', 'CHF'],
  ['EUR', 'GBP'],
  ['GBP', 'EUR'],
  ['EUR', 'JPY'],
  ['BTC', 'EUR'],
  ['ETH', 'EUR'],
  ['ETH', 'BTC'],
];

export function quoteFromBook(book: UsdPriceBook, from: Currency, to: Currency): RateQuote {
  const timestamp = new Date(book.updatedAt).toISOString();
  if (from === to) return { rate: '1', change24h: '0.00', timestamp };
  const rateNow = book.usdPrice(from) / book.usdPrice(to);
  const rateDayAgo = book.usdPriceDayAgo(from) / book.usdPriceDayAgo(to);
  const rate = formatRate(rateNow);
  return { rate, change24h: formatPercentChange(rate, formatRate(rateDayAgo)), timestamp };
}

export function listedPairsFromBook(book: UsdPriceBook): RatePair[] {
  return listedPairs.map(([from, to]) => {
    const { rate, change24h } = quoteFromBook(book, from, to);
    return { from, to, rate, change24h };
  });
}
