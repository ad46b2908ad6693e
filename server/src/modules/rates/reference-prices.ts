import { currencyCodes, kindOf, type Currency } from '@contract/currencies';
import type { WalkProfile } from './random-walk';

/**
 * Where the simulated market starts: USD for one unit of each currency. BTC and EUR are the sketch's own
 * figures (1 BTC = 28345.67 USD, 1 EUR = 1.0831 USD); the others are round reference values from the same
 * period. USD is the numeraire every price is quoted against, so it never moves.
 */
export const referenceUsdPrices: Record<Currency, number> = {
  USD: 1,
  EUR: 1.0831,
  GBP: 1.26,
  JPY: 0.0067,
  CAD: 0.74,
  AUD: 0.66,
  CHF: 1.12,
  BTC: 28345.67,
  ETH: 1800,
};

// Crypto moves roughly ten times as much as major fiat in a day, and may wander further from its start.
const walkProfileByKind: Record<'fiat' | 'crypto', WalkProfile> = {
  fiat: { dailyVolatility: 0.004, maxLogDeviation: 0.08 },
  crypto: { dailyVolatility: 0.035, maxLogDeviation: 0.35 },
};
const numeraire: WalkProfile = { dailyVolatility: 0, maxLogDeviation: 0 };

export function walkProfileOf(currency: Currency): WalkProfile {
  return currency === 'USD' ? numeraire : walkProfileByKind[kindOf(currency)];
}

/** Price vectors (Float64Array) are indexed like `currencyCodes`; this is the one place that maps them. */
export const currencyIndex = Object.fromEntries(currencyCodes.map((code, index) => [code, index])) as Record<
  Currency,
  number
>;
