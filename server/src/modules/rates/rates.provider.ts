import type { RateHistory } from '@contract/rates';
import type { Currency } from '@contract/currencies';
import type { RatePair, RateQuote } from '@contract/rates';

export type { RatePair, RateQuote };

/** What the System Status page shows for the rates integration. */
export interface RatesStatus {
  /** Human name of the source, e.g. "Simulated market" or "HTTP rates feed (https://api.example.com)". */
  name: string;
  /** `fallback`: a live feed is configured but unusable, so the simulated market is serving. */
  mode: 'simulated' | 'live' | 'fallback';
  healthy: boolean;
  /** One sentence for an operator: what is serving and, when unhealthy, why. */
  detail: string;
  /** ISO time of the prices being served. */
  lastUpdated: string;
}

/**
 * Where exchange rates come from. Every implementation quotes each currency against USD internally, so cross
 * rates are consistent by construction. Reads are synchronous (served from memory) so that the FX module can
 * price a quote without awaiting the network; the source refreshes itself in the background between
 * `start()` and `stop()`.
 *
 * A rate is a price, never an amount: `rate` is a plain decimal string with up to 12 significant digits,
 * and the FX module converts amounts with it in BigInt minor units.
 */
export interface RatesProvider {
  /** Units of `to` for one unit of `from`; "1" when they are the same currency. */
  getRate(from: Currency, to: Currency): RateQuote;
  /** The listed pairs, most useful first (the converter shows the first 8). */
  all(): RatePair[];
  status(): RatesStatus;
  /** The pair's rate hourly over the last 24 hours, oldest first; empty when this source keeps no history. */
  lastDay(from: Currency, to: Currency): RateHistory['points'];
  /** Begins background updates; resolves once the first prices are in (or the fallback is serving). */
  start(): Promise<void>;
  stop(): void;
}
