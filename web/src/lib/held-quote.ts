/** Whole seconds until `expiresAt` (an ISO time), never below zero: what a "price held for Ns" shows. */
export function secondsUntil(expiresAt: string, now: number): number {
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
