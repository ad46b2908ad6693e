import { currencyCodes, kindOf } from '@contract/currencies';
import type { ExchangeRates } from '@contract/rates';
import type { RatesProvider } from './rates.provider';

/**
 * The sketch's rates overview: each coin priced in USD under `crypto`, and USD to every other fiat as a
 * top-level pair key (USD_EUR, USD_GBP, …), all from one provider read so they share a timestamp.
 */
export function exchangeRatesOverview(rates: RatesProvider): ExchangeRates {
  const crypto: Record<string, string> = {};
  const pairs: Record<string, string> = {};
  let timestamp = '';
  for (const currency of currencyCodes) {
    if (currency === 'USD') continue;
    if (kindOf(currency) === 'crypto') {
      const quote = rates.getRate(currency, 'USD');
      crypto[`${currency}_USD`] = quote.rate;
      timestamp = quote.timestamp;
    } else {
      const quote = rates.getRate('USD', currency);
      pairs[`USD_${currency}`] = quote.rate;
      timestamp = quote.timestamp;
    }
  }
  // The keys are the currency table's; the contract schema checks the exact set when the route responds.
  return { crypto, ...pairs, timestamp } as ExchangeRates;
}
