import type { FastifyBaseLogger } from 'fastify';
import { currencyCodes, type Currency } from '@contract/currencies';
import { listedPairsFromBook, quoteFromBook, type UsdPriceBook } from './price-book';
import { PriceHistory } from './price-history';
import type { RatePair, RateQuote, RatesProvider, RatesStatus } from './rates.provider';
import { currencyIndex } from './reference-prices';
import type { SimulatedMarket } from './simulated-market';
import { describeFeedFailure, fetchUsdRatesFeed, type UsdRatesFeed } from './usd-rates-feed';

export interface HttpRatesProviderOptions {
  /** A JSON endpoint returning USD-based rates (see usd-rates-feed.ts for the shape). */
  url: string;
  refreshMs: number;
  /** Serves when the feed is unusable, and prices the currencies the feed does not carry. */
  fallback: SimulatedMarket;
  /** Epoch milliseconds; tests pass their own clock. */
  now?: () => number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

// One failed poll should not swap real prices for invented ones: last good rates keep serving (reported as
// unhealthy) until this many refresh intervals have passed without a good answer.
const STALE_AFTER_REFRESHES = 3;
const REQUEST_TIMEOUT_MS = 5_000;

/** Live rates polled from an HTTP feed, falling back to the simulated market when it is unusable. */
export class HttpRatesProvider implements RatesProvider {
  private readonly now: () => number;
  private readonly timeoutMs: number;
  private readonly history = new PriceHistory(currencyCodes.length);
  private live: (UsdRatesFeed & { fetchedAt: number }) | null = null;
  private lastFailure: string | null = null;
  private inFlight: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: HttpRatesProviderOptions) {
    this.now = options.now ?? Date.now;
    this.timeoutMs = Math.min(REQUEST_TIMEOUT_MS, options.refreshMs);
  }

  /** The feed's origin only: the full URL may carry an API key and this text reaches the status page. */
  get source(): string {
    return new URL(this.options.url).origin;
  }

  /** Polls the feed once. Never rejects: a failure is recorded and shows in `status()`. */
  refresh(): Promise<void> {
    this.inFlight ??= fetchUsdRatesFeed(this.options.url, this.timeoutMs)
      .then(
        (feed) => this.accept(feed),
        (error: unknown) => this.reject(error),
      )
      .finally(() => (this.inFlight = null));
    return this.inFlight;
  }

  getRate(from: Currency, to: Currency): RateQuote {
    return quoteFromBook(this.book(), from, to);
  }

  /** A live feed's day is not kept point by point: history only while the simulated market is serving. */
  lastDay(from: Currency, to: Currency) {
    return this.isFresh() ? [] : this.options.fallback.lastDay(from, to);
  }

  all(): RatePair[] {
    return listedPairsFromBook(this.book());
  }

  status(): RatesStatus {
    const name = `HTTP rates feed (${this.source})`;
    const lastUpdated = new Date(this.book().updatedAt).toISOString();
    if (this.live && this.isFresh()) {
      if (this.lastFailure) {
        const detail = `Last refresh failed: ${this.lastFailure}; serving the rates fetched at ${lastUpdated}`;
        return { name, mode: 'live', healthy: false, detail, lastUpdated };
      }
      const partly = this.live.missing.length
        ? `; ${this.live.missing.join(', ')} from the simulated market`
        : '';
      return { name, mode: 'live', healthy: true, detail: `Live rates${partly}`, lastUpdated };
    }
    const reason = this.lastFailure ?? (this.live ? 'no fresh answer' : 'no answer yet');
    const detail = `Feed unusable: ${reason}; serving the simulated market`;
    return { name, mode: 'fallback', healthy: false, detail, lastUpdated };
  }

  async start(): Promise<void> {
    if (this.timer) return;
    await this.options.fallback.start();
    this.timer = setInterval(() => void this.refresh(), this.options.refreshMs);
    this.timer.unref();
    await this.refresh();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.options.fallback.stop();
  }

  private accept(feed: UsdRatesFeed): void {
    const fetchedAt = this.now();
    this.live = { ...feed, fetchedAt };
    // NaN marks a currency the feed did not carry at that time; change24h then falls back to "now".
    const usdPrices = Float64Array.from(currencyCodes, (code) =>
      code === 'USD' ? 1 : 1 / (feed.unitsPerUsd[code] ?? Number.NaN),
    );
    this.history.record(fetchedAt, usdPrices);
    if (this.lastFailure) this.options.log?.info({ source: this.source }, 'rates feed is back');
    this.lastFailure = null;
  }

  private reject(error: unknown): void {
    const reason = describeFeedFailure(error, this.timeoutMs);
    // Log when the situation changes, not on every poll of a feed that stays down.
    if (reason !== this.lastFailure) {
      this.options.log?.warn({ source: this.source, reason }, 'rates feed unusable');
    }
    this.lastFailure = reason;
  }

  private isFresh(): boolean {
    return (
      this.live !== null && this.now() - this.live.fetchedAt <= STALE_AFTER_REFRESHES * this.options.refreshMs
    );
  }

  /** Live USD prices where the feed has them, the simulated market's for the rest (or all, when stale). */
  private book(): UsdPriceBook {
    const fallback = this.options.fallback.book;
    const live = this.live;
    if (!live || !this.isFresh()) return fallback;
    const dayAgo = this.history.oldest();
    const liveUsdPrice = (currency: Currency) => {
      if (currency === 'USD') return 1;
      const units = live.unitsPerUsd[currency];
      return units === undefined ? undefined : 1 / units;
    };
    return {
      usdPrice: (currency) => liveUsdPrice(currency) ?? fallback.usdPrice(currency),
      usdPriceDayAgo: (currency) => {
        const current = liveUsdPrice(currency);
        if (current === undefined) return fallback.usdPriceDayAgo(currency);
        const before = dayAgo[currencyIndex[currency]]!;
        return Number.isNaN(before) ? current : before;
      },
      updatedAt: live.fetchedAt,
    };
  }
}
