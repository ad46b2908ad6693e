/**
 * The simulated market's motion: a seeded PRNG and a mean-reverting random walk in log space. Floats are fine
 * here because these are prices being invented, not money being moved (see decimal-format.ts).
 */
import type { Random } from '../../lib/random';

/** A standard normal draw (Box–Muller); `1 - random()` keeps the logarithm away from zero. */
function standardNormal(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

export interface WalkProfile {
  /** Typical one-day move as a fraction: 0.004 is 0.4 %. */
  dailyVolatility: number;
  /** Hard bound on log(price / anchor); 0.08 keeps a price within about ±8 % of where it started. */
  maxLogDeviation: number;
}

const DAY_MS = 86_400_000;
// Pull back toward the anchor with a three-day half-life: strong enough that the demo never drifts into
// absurd prices over weeks of uptime, weak enough that a day still shows real trends.
const REVERSION_PER_DAY = Math.LN2 / 3;

/**
 * One step of an Ornstein–Uhlenbeck walk on log(price): a pull toward the anchor plus a normal shock that
 * scales with the square root of elapsed time, so the same profile works for 5-second ticks and for the
 * minute steps used to invent past history. The clamp is the last guard; the pull rarely lets it bite.
 */
export function stepLogPrice(
  logPrice: number,
  anchorLogPrice: number,
  profile: WalkProfile,
  elapsedMs: number,
  random: Random,
): number {
  const days = elapsedMs / DAY_MS;
  const pull = (anchorLogPrice - logPrice) * (1 - Math.exp(-REVERSION_PER_DAY * days));
  const shock = profile.dailyVolatility * Math.sqrt(days) * standardNormal(random);
  return withinBounds(logPrice + pull + shock, anchorLogPrice, profile);
}

/**
 * Where the same walk is after `elapsedMs` in one draw: the Ornstein–Uhlenbeck process's exact transition
 * (the mean pulled toward the anchor, the spread its stationary law allows), clamped like a step. Used to
 * jump a whole block of ticks at once.
 */
export function ouTransition(
  logPrice: number,
  anchorLogPrice: number,
  profile: WalkProfile,
  elapsedMs: number,
  random: Random,
): number {
  const days = elapsedMs / DAY_MS;
  const decay = Math.exp(-REVERSION_PER_DAY * days);
  const mean = anchorLogPrice + (logPrice - anchorLogPrice) * decay;
  const spread = profile.dailyVolatility * Math.sqrt((1 - decay * decay) / (2 * REVERSION_PER_DAY));
  return withinBounds(mean + spread * standardNormal(random), anchorLogPrice, profile);
}

/** The last guard: a log price at most `maxLogDeviation` from its anchor. */
function withinBounds(logPrice: number, anchorLogPrice: number, profile: WalkProfile): number {
  const low = anchorLogPrice - profile.maxLogDeviation;
  const high = anchorLogPrice + profile.maxLogDeviation;
  return Math.min(high, Math.max(low, logPrice));
}
