import { describe, expect, it } from 'vitest';
import { PriceHistory, SAMPLE_INTERVAL_MS } from './price-history';

const MINUTE = SAMPLE_INTERVAL_MS;
const prices = (value: number) => Float64Array.of(value, value * 2);

describe('PriceHistory', () => {
  it('holds one day of minute samples and never more', () => {
    const history = new PriceHistory(2);
    for (let minute = 0; minute < 3 * history.capacity; minute++)
      history.record(minute * MINUTE, prices(minute));
    expect(history.capacity).toBe(1441);
    expect(history.size).toBe(1441);
    const newest = 3 * history.capacity - 1;
    expect(Array.from(history.oldest())).toEqual([newest - 1440, (newest - 1440) * 2]);
  });

  it('ignores samples less than a minute apart', () => {
    const history = new PriceHistory(2);
    history.record(0, prices(1));
    history.record(MINUTE - 1, prices(2));
    expect(history.size).toBe(1);
  });

  it('fills a gap with the last price seen, so the ring still spans one day', () => {
    const history = new PriceHistory(2);
    history.record(0, prices(1));
    history.record(10 * MINUTE, prices(5));
    expect(history.size).toBe(11);
    expect(Array.from(history.oldest())).toEqual([1, 2]);
    // A gap longer than a day leaves only the held price and the new one in view.
    history.record(10 * MINUTE + 3 * 1440 * MINUTE, prices(9));
    expect(history.size).toBe(1441);
    expect(Array.from(history.oldest())).toEqual([5, 10]);
  });

  it('keeps minute alignment when ticks jitter', () => {
    const history = new PriceHistory(1);
    history.record(0, Float64Array.of(1));
    history.record(MINUTE + 30_000, Float64Array.of(2));
    history.record(2 * MINUTE + 1_000, Float64Array.of(3));
    expect(history.size).toBe(3);
  });

  it('says so when asked for a sample before any', () => {
    expect(() => new PriceHistory(1).oldest()).toThrow(/empty/);
  });
});
