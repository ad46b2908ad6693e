import { currencyCodes, type Currency } from '@contract/currencies';
import { listedPairsFromBook, quoteFromBook, type UsdPriceBook } from './price-book';
import { PriceHistory, SAMPLE_INTERVAL_MS } from './price-history';
import { mulberry32, type Random } from '../../lib/random';
import { stepLogPrice } from './random-walk';
import type { RatePair, RateQuote, RatesProvider, RatesStatus } from './rates.provider';
import { currencyIndex, referenceUsdPrices, walkProfileOf } from './reference-prices';

export interface SimulatedMarketOptions {
  /** The same seed gives the same prices, tick by tick. */
  seed: number;
  /** Time between moves. Each tick advances the walk by exactly this long, whatever the wall clock did. */
  tickMs: number;
  /** Epoch milliseconds; tests pass their own clock and call `tick()` instead of waiting. */
  now?: () => number;
}

const profiles = currencyCodes.map(walkProfileOf);
const anchorLogPrices = Float64Array.from(currencyCodes, (code) => Math.log(referenceUsdPrices[code]));

/**
 * The embedded rates source: works offline, starts at the reference prices (the sketch's figures) and moves
 * on a seeded random walk. Everything is a USD price, so cross rates agree by construction.
 */
export class SimulatedMarket implements RatesProvider {
  private readonly random: Random;
  private readonly now: () => number;
  private readonly history = new PriceHistory(currencyCodes.length);
  private logPrices: Float64Array = anchorLogPrices.slice();
  private updatedAt: number;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SimulatedMarketOptions) {
    this.random = mulberry32(options.seed);
    this.now = options.now ?? Date.now;
    this.updatedAt = this.now();
    this.inventPastDay();
  }

  /** Moves every price one tick forward and records it. */
  tick(): void {
    this.logPrices = this.step(this.logPrices, this.options.tickMs);
    this.updatedAt = this.now();
    this.history.record(this.updatedAt, this.usdPrices(this.logPrices));
  }

  get book(): UsdPriceBook {
    const now = this.usdPrices(this.logPrices);
    const dayAgo = this.history.oldest();
    return {
      usdPrice: (currency: Currency) => now[currencyIndex[currency]]!,
      usdPriceDayAgo: (currency: Currency) => dayAgo[currencyIndex[currency]]!,
      updatedAt: this.updatedAt,
    };
  }

  getRate(from: Currency, to: Currency): RateQuote {
    return quoteFromBook(this.book, from, to);
  }

  all(): RatePair[] {
    return listedPairsFromBook(this.book);
  }

  status(): RatesStatus {
    return {
      name: 'Simulated market',
      mode: 'simulated',
      healthy: true,
      detail: `Seeded random walk (seed ${this.options.seed}) moving every ${this.options.tickMs / 1000} s`,
      lastUpdated: new Date(this.updatedAt).toISOString(),
    };
  }

  async start(): Promise<void> {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.options.tickMs);
    // A market ticking in the background must never keep a test run or a stopping server alive.
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * So that change24h means something from the first request, the previous day is invented from the same
   * seed: a walk backwards from the reference prices in one-minute steps, recorded oldest first. The market
   * therefore opens exactly at the sketch's figures.
   */
  private inventPastDay(): void {
    const minutes = this.history.capacity - 1;
    const newestFirst: Float64Array[] = [this.logPrices];
    for (let minute = 1; minute <= minutes; minute++) {
      newestFirst.push(this.step(newestFirst[minute - 1]!, SAMPLE_INTERVAL_MS));
    }
    for (let minute = minutes; minute >= 0; minute--) {
      this.history.record(this.updatedAt - minute * SAMPLE_INTERVAL_MS, this.usdPrices(newestFirst[minute]!));
    }
  }

  private step(logPrices: Float64Array, elapsedMs: number): Float64Array {
    return logPrices.map((logPrice, index) =>
      stepLogPrice(logPrice, anchorLogPrices[index]!, profiles[index]!, elapsedMs, this.random),
    );
  }

  private usdPrices(logPrices: Float64Array): Float64Array {
    return logPrices.map(Math.exp);
  }
}
