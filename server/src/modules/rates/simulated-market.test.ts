import { describe, expect, it, vi } from 'vitest';
import { currencyCodes, type Currency } from '@contract/currencies';
import { ratePairListSchema, rateQuoteSchema } from '@contract/rates';
import { listedPairs } from './price-book';
import { referenceUsdPrices, walkProfileOf } from './reference-prices';
import { SimulatedMarket } from './simulated-market';

const START = Date.parse('2024-03-01T12:00:00Z');

function marketAt(options: { seed?: number; tickMs?: number } = {}) {
  const clock = { now: START };
  const tickMs = options.tickMs ?? 5_000;
  const market = new SimulatedMarket({
    seed: options.seed ?? 7,
    tickMs,
    epochMs: START,
    now: () => clock.now,
  });
  const advance = (ticks: number) => {
    for (let i = 0; i < ticks; i++) {
      clock.now += tickMs;
      market.tick();
    }
  };
  return { market, clock, advance };
}

const rateOf = (market: SimulatedMarket, from: Currency, to: Currency) =>
  Number(market.getRate(from, to).rate);

describe('SimulatedMarket', () => {
  it('opens at the sketch figures', () => {
    const { market } = marketAt();
    expect(market.getRate('BTC', 'USD').rate).toBe('28345.67');
    expect(market.getRate('EUR', 'USD').rate).toBe('1.0831');
    expect(market.getRate('USD', 'EUR').rate).toBe('0.923275782476');
    expect(market.getRate('USD', 'EUR').timestamp).toBe(new Date(START).toISOString());
  });

  it('replays the same prices for the same seed, and others for another seed', () => {
    const first = marketAt({ seed: 42 });
    const second = marketAt({ seed: 42 });
    const other = marketAt({ seed: 43 });
    for (const run of [first, second, other]) run.advance(500);
    expect(first.market.all()).toEqual(second.market.all());
    expect(first.market.all()).not.toEqual(other.market.all());
  });

  it('moves crypto more than fiat', () => {
    const { market, advance } = marketAt();
    const totalMove = { BTC: 0, EUR: 0 };
    let previous = { BTC: rateOf(market, 'BTC', 'USD'), EUR: rateOf(market, 'EUR', 'USD') };
    for (let tick = 0; tick < 2000; tick++) {
      advance(1);
      const current = { BTC: rateOf(market, 'BTC', 'USD'), EUR: rateOf(market, 'EUR', 'USD') };
      totalMove.BTC += Math.abs(Math.log(current.BTC / previous.BTC));
      totalMove.EUR += Math.abs(Math.log(current.EUR / previous.EUR));
      previous = current;
    }
    expect(totalMove.EUR).toBeGreaterThan(0);
    expect(totalMove.BTC).toBeGreaterThan(5 * totalMove.EUR);
  });

  it('never drifts outside its bounds, even over years of hourly ticks', () => {
    const { market, advance } = marketAt({ tickMs: 3_600_000 });
    for (let year = 0; year < 3; year++) {
      advance(365 * 24);
      for (const currency of currencyCodes) {
        const deviation = Math.log(rateOf(market, currency, 'USD') / referenceUsdPrices[currency]);
        expect(Math.abs(deviation)).toBeLessThanOrEqual(walkProfileOf(currency).maxLogDeviation + 1e-9);
      }
    }
    // 26,280 ticks of every currency: seconds alone, far more on two cores shared with the suite.
  }, 120_000);

  it('quotes cross rates that agree within rounding', () => {
    const { market, advance } = marketAt();
    advance(100);
    for (const a of currencyCodes) {
      for (const b of currencyCodes) {
        for (const c of currencyCodes) {
          const viaB = rateOf(market, a, b) * rateOf(market, b, c);
          expect(Math.abs(viaB / rateOf(market, a, c) - 1)).toBeLessThan(1e-10);
        }
      }
    }
  });

  it('quotes the same price at the same moment in every process, and continues across a restart', () => {
    const clock = { now: START + 123_456_789 };
    const options = { seed: 11, tickMs: 5_000, epochMs: START, now: () => clock.now };
    const first = new SimulatedMarket(options);
    for (let step = 0; step < 1000; step++) {
      clock.now += 5_000;
      first.tick();
    }
    // A second process (or this one restarted) a thousand ticks later: the same prices, tick for tick.
    const second = new SimulatedMarket(options);
    expect(second.all()).toEqual(first.all());
    clock.now += 3 * 3_600_000; // past several block boundaries
    first.tick();
    second.tick();
    expect(second.getRate('BTC', 'USD')).toEqual(first.getRate('BTC', 'USD'));
    const third = new SimulatedMarket(options);
    expect(third.getRate('ETH', 'EUR')).toEqual(first.getRate('ETH', 'EUR'));
  });

  it('has a 24 h change from the first request, from an invented past day', () => {
    const { market } = marketAt();
    const changes = market.all().map((pair) => pair.change24h);
    expect(changes.some((change) => change !== '0.00')).toBe(true);
  });

  it('computes change24h against the price a day earlier', () => {
    const { market, advance } = marketAt({ tickMs: 60_000 });
    advance(30);
    const dayAgo = rateOf(market, 'BTC', 'USD');
    advance(1440);
    const quote = market.getRate('BTC', 'USD');
    const expected = (Number(quote.rate) / dayAgo - 1) * 100;
    expect(Math.abs(Number(quote.change24h) - expected)).toBeLessThanOrEqual(0.005 + 1e-9);
  });

  it('quotes a currency against itself as exactly 1', () => {
    const { market } = marketAt();
    expect(market.getRate('ETH', 'ETH')).toMatchObject({ rate: '1', change24h: '0.00' });
  });

  it('serves the contract shapes, listed pairs first', () => {
    const { market } = marketAt();
    expect(() => rateQuoteSchema.parse(market.getRate('JPY', 'BTC'))).not.toThrow();
    const pairs = ratePairListSchema.parse(market.all());
    expect(pairs.map((pair) => [pair.from, pair.to])).toEqual(listedPairs);
  });

  it('reports itself as the simulated market', () => {
    const { market, clock, advance } = marketAt();
    advance(3);
    expect(market.status()).toEqual({
      name: 'Simulated market',
      mode: 'simulated',
      healthy: true,
      detail: 'Seeded random walk (seed 7) moving every 5 s',
      lastUpdated: new Date(clock.now).toISOString(),
    });
  });

  it('moves on its own once started, and stands still once stopped', () => {
    // Fake timers run the market's own interval, and its clock (Date.now) moves with them.
    vi.useFakeTimers({ now: START, toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const market = new SimulatedMarket({ seed: 7, tickMs: 20 });
      expect(Date.parse(market.status().lastUpdated)).toBe(START);
      void market.start();
      vi.advanceTimersByTime(120);
      // status() reads without catching up, so only the interval can have moved it.
      expect(Date.parse(market.status().lastUpdated)).toBe(START + 120);
      market.stop();
      expect(vi.getTimerCount()).toBe(0);
      const stopped = market.all();
      vi.advanceTimersByTime(80);
      expect(market.all()).toEqual(stopped);
      expect(Date.parse(market.status().lastUpdated)).toBe(START + 120);
    } finally {
      vi.useRealTimers();
    }
  });
});
