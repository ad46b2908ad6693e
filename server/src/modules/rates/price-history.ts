export const SAMPLE_INTERVAL_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The last 24 hours of USD price vectors, one sample per minute, in a fixed ring: memory stays at
 * 1441 × (number of currencies) floats however long the server runs. When the oldest slot is a day older
 * than the newest, change24h compares against it.
 *
 * Slots are minutes, not ticks: if the process stalls or a feed refreshes less often than once a minute,
 * the missing minutes repeat the previous sample (the price held until the next observation), so the ring
 * still spans exactly one day.
 */
export class PriceHistory {
  readonly capacity = DAY_MS / SAMPLE_INTERVAL_MS + 1;
  private readonly slots: Float64Array;
  private newest = -1;
  private count = 0;
  private lastSampleAt = Number.NEGATIVE_INFINITY;

  constructor(readonly width: number) {
    this.slots = new Float64Array(this.capacity * width);
  }

  get size(): number {
    return this.count;
  }

  /** Keeps `prices` if at least a minute has passed since the last sample; otherwise ignores it. */
  record(at: number, prices: Float64Array): void {
    if (this.count === 0) {
      this.push(prices);
      this.lastSampleAt = at;
      return;
    }
    const minutes = Math.floor((at - this.lastSampleAt) / SAMPLE_INTERVAL_MS);
    if (minutes < 1) return;
    const repeats = Math.min(minutes - 1, this.capacity);
    const previous = this.newestSample().slice();
    for (let i = 0; i < repeats; i++) this.push(previous);
    this.push(prices);
    this.lastSampleAt += minutes * SAMPLE_INTERVAL_MS;
  }

  /** The sample about a day before the newest (or the oldest there is, when history is shorter). */
  oldest(): Float64Array {
    if (this.count === 0) throw new Error('PriceHistory is empty');
    const index = (this.newest - this.count + 1 + this.capacity) % this.capacity;
    return this.slots.subarray(index * this.width, (index + 1) * this.width);
  }

  private newestSample(): Float64Array {
    return this.slots.subarray(this.newest * this.width, (this.newest + 1) * this.width);
  }

  private push(prices: Float64Array): void {
    this.newest = (this.newest + 1) % this.capacity;
    this.slots.set(prices, this.newest * this.width);
    this.count = Math.min(this.count + 1, this.capacity);
  }
}
