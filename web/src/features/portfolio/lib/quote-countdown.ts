/**
 * Whole seconds a quote still holds its price, rounded up (4.2 s left reads "5 s" so the figure reaches 0 only
 * when the quote has expired), never below 0. An unreadable time counts as expired.
 */
export function secondsLeft(expiresAt: string, now: number = Date.now()): number {
  const expires = Date.parse(expiresAt);
  if (Number.isNaN(expires)) return 0;
  return Math.max(0, Math.ceil((expires - now) / 1000));
}
