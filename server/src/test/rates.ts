import type { Currency } from '@contract/currencies';
import { AppError } from '../lib/errors';
import type { RateSource } from '../modules/fx/rate-source';

/** A rate source that quotes exactly the given pairs (inverses are not implied). */
export function fixedRateSource(rates: Partial<Record<`${Currency}_${Currency}`, string>>): RateSource {
  return {
    getRate(from, to) {
      const rate = from === to ? '1' : rates[`${from}_${to}`];
      if (!rate) throw new AppError('UNAVAILABLE', `No ${from}→${to} rate`);
      return { rate, change24h: '0.00', timestamp: new Date().toISOString() };
    },
  };
}
