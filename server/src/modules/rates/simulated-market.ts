import { currencyCodes, type Currency } from '@contract/currencies';
import { formatRate } from './decimal-format';
import { MarketPath } from './market-path';
import { listedPairsFromBook, quoteFromBook, type UsdPriceBook } from './price-book';
import type { RatePair, RateQuote, RatesProvider, RatesStatus } from './rates.provider';
import { currencyIndex, referenceUsdPrices, walkProfileOf } from './reference-prices';

const DAY_MS = 86_400_000;

export interface SimulatedMarketOptions {
  /** The same seed gives the same prices at the same moments. */
  seed: number;
  /** Time between moves. */
  tickMs: number;
  /** When every price is exactly its anchor (the sketch's figures); the walk runs both ways from it. Default: now. */
  epochMs?: number;
  /** Epoch milliseconds; tests pass their own clock and call `tick()` instead of waiting. */
  now?: () => number;
}

const profiles = currencyCodes.map(walkProfileOf);
const anchorLogPrices = Float64Array.from(currencyCodes, (code) => Math.log(referenceUsdPrices[code]));

/**
 * The embedded rates source: works offline and moves on a seeded random walk around the reference prices
 * (the sketch's figures). The price at any moment is a function of the seed and the clock (market-path.ts), so
 * several processes (WORKERS, machines) quote the same price at the same moment, and a restart continues the
 * market where it was. Everything is a USD price, so cross rates agree by construction.
 */
export class SimulatedMarket implements RatesProvider {
  private readonly now: () => number;
  private readonly epoch: number;
  private readonly path: MarketPath;
  private readonly ticksPerDay: number;
  private tickIndex: number;
  private logPrices: Float64Array;
  private dayAgo: Float64Array;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SimulatedMarketOptions) {
    this.now = options.now ?? Date.now;
    this.epoch = options.epochMs ?? this.now();
    this.path = new MarketPath(options.seed, options.tickMs, anchorLogPrices, profiles);
    this.ticksPerDay = Math.round(DAY_MS / options.tickMs);
    this.tickIndex = this.currentTick();
    this.logPrices = this.path.at(this.tickIndex);
    this.dayAgo = this.path.at(this.tickIndex - this.ticksPerDay);
  }

  /** Brings the prices up to the clock's tick (usually one step; after a pause, straight to the moment). */
  tick(): void {
    const target = this.currentTick();
    if (target === this.tickIndex) return;
    this.logPrices =
      target === this.tickIndex + 1 ? this.path.next(this.logPrices, target) : this.path.at(target);
    this.dayAgo =
      target === this.tickIndex + 1
        ? this.path.next(this.dayAgo, target - this.ticksPerDay)
        : this.path.at(target - this.ticksPerDay);
    this.tickIndex = target;
  }

  get book(): UsdPriceBook {
    // While running, catch up first: a quote is the clock's price even if this process's timer is a moment late.
    if (this.timer) this.tick();
    const now = this.logPrices.map(Math.exp);
    const dayAgo = this.dayAgo.map(Math.exp);
    return {
      usdPrice: (currency: Currency) => now[currencyIndex[currency]]!,
      usdPriceDayAgo: (currency: Currency) => dayAgo[currencyIndex[currency]]!,
      updatedAt: this.epoch + this.tickIndex * this.options.tickMs,
    };
  }

  getRate(from: Currency, to: Currency): RateQuote {
    return quoteFromBook(this.book, from, to);
  }

  all(): RatePair[] {
    return listedPairsFromBook(this.book);
  }

  lastDay(from: Currency, to: Currency) {
    if (this.timer) this.tick();
    return Array.from({ length: 25 }, (_, index) => {
      const hoursAgo = 24 - index;
      const tick = this.tickIndex - Math.round((hoursAgo * this.ticksPerDay) / 24);
      const prices = this.path.at(tick);
      const usd = (currency: Currency) => Math.exp(prices[currencyIndex[currency]]!);
      return {
        at: new Date(this.epoch + tick * this.options.tickMs).toISOString(),
        rate: from === to ? '1' : formatRate(usd(from) / usd(to)),
      };
    });
  }

  status(): RatesStatus {
    return {
      name: 'Simulated market',
      mode: 'simulated',
      healthy: true,
      detail: `Seeded random walk (seed ${this.options.seed}) moving every ${this.options.tickMs / 1000} s`,
      lastUpdated: new Date(this.epoch + this.tickIndex * this.options.tickMs).toISOString(),
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

  private currentTick(): number {
    return Math.floor((this.now() - this.epoch) / this.options.tickMs);
  }
}
