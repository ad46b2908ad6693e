import { mulberry32 } from '../../lib/random';
import { ouTransition, stepLogPrice, type WalkProfile } from './random-walk';

const HOUR_MS = 3_600_000;
/** At most this many ticks are replayed to reach any moment: a block's start is computed, not walked to. */
const MAX_TICKS_PER_BLOCK = 720;

/** A PRNG for one tick (or one block), from the seed and its index alone: any process draws the same numbers. */
function randomFor(seed: number, index: number, salt: number) {
  return mulberry32((seed ^ Math.imul(index, 0x9e3779b1) ^ salt) >>> 0);
}
const TICK_SALT = 0;
const CHECKPOINT_EVERY = 256;
const RECENT_BLOCKS = 8;
const BLOCK_SALT = 0x5bd1e995;

/**
 * The simulated market's prices as a pure function of time: the log price of every currency at tick `n`
 * (ticks counted from an epoch at which every price is its anchor) depends on the seed and `n` only. So every
 * process, or a process started again, quotes the same price at the same moment, and the market continues
 * across restarts instead of starting over.
 *
 * Time is cut into blocks of up to 720 ticks (an hour at 5 s). A block's first price follows from the previous
 * block's by the walk's exact transition over a block (a handful of steps reach any block, however far from
 * the epoch, cached); inside a block the price moves tick by tick. Negative blocks (before the epoch) walk
 * away from the anchor the same way, so the day before the epoch exists too.
 */
export class MarketPath {
  readonly ticksPerBlock: number;
  private readonly blockStarts = new Map<number, Float64Array>();
  private readonly recent: number[] = [];

  constructor(
    private readonly seed: number,
    private readonly tickMs: number,
    private readonly anchors: Float64Array,
    private readonly profiles: readonly WalkProfile[],
  ) {
    this.ticksPerBlock = Math.max(1, Math.min(MAX_TICKS_PER_BLOCK, Math.round(HOUR_MS / tickMs)));
    this.blockStarts.set(0, anchors.slice());
  }

  /** Log prices at tick `tick`. */
  at(tick: number): Float64Array {
    const block = Math.floor(tick / this.ticksPerBlock);
    let prices = this.blockStart(block);
    for (let index = block * this.ticksPerBlock + 1; index <= tick; index++)
      prices = this.step(prices, index);
    return prices;
  }

  /** Log prices one tick after `prices` at `tick - 1`, or the next block's start when `tick` begins one. */
  next(prices: Float64Array, tick: number): Float64Array {
    return tick % this.ticksPerBlock === 0
      ? this.blockStart(tick / this.ticksPerBlock)
      : this.step(prices, tick);
  }

  private step(prices: Float64Array, tick: number): Float64Array {
    const random = randomFor(this.seed, tick, TICK_SALT);
    return prices.map((logPrice, index) =>
      stepLogPrice(logPrice, this.anchors[index]!, this.profiles[index]!, this.tickMs, random),
    );
  }

  private blockStart(block: number): Float64Array {
    const cached = this.blockStarts.get(block);
    if (cached) return cached;
    const blockMs = this.ticksPerBlock * this.tickMs;
    // From the nearest checkpoint between the epoch and this block, one exact block transition at a time.
    const direction = block > 0 ? 1 : -1;
    let known = direction * Math.floor(Math.abs(block) / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
    while (!this.blockStarts.has(known)) known -= direction * CHECKPOINT_EVERY;
    let prices = this.blockStarts.get(known)!;
    while (known !== block) {
      known += direction;
      const random = randomFor(this.seed, known, BLOCK_SALT);
      prices = prices.map((logPrice, index) =>
        ouTransition(logPrice, this.anchors[index]!, this.profiles[index]!, blockMs, random),
      );
      // Checkpoints stay (memory grows by one small vector per 256 blocks); the rest only while recent.
      if (known % CHECKPOINT_EVERY === 0 || known === block) this.remember(known, prices);
    }
    return prices;
  }

  private remember(block: number, prices: Float64Array) {
    this.blockStarts.set(block, prices);
    if (block % CHECKPOINT_EVERY !== 0) {
      this.recent.push(block);
      if (this.recent.length > RECENT_BLOCKS) this.blockStarts.delete(this.recent.shift()!);
    }
  }
}
