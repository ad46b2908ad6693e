/** A source of numbers in [0, 1). */
export type Random = () => number;

/**
 * mulberry32: a tiny, fast, seeded PRNG, so a seed replays the same run (the simulated market, the bank test's
 * workload). Never for secrets: tokens come from node:crypto.
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
