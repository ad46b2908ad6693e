const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How long a message keeps being retried: more than a day. A mail server can be away for hours (a provider's
 * incident, credentials that expired overnight), and an invoice that silently never reaches its client costs
 * its owner a payment. So the first retries come quickly, for a server that is only restarting (30 s, then
 * doubling), and past two hours the delay stays at two hours: an outage ending in the night is noticed within
 * two hours of its end, not a day later, and a message is tried about twenty times, not hundreds.
 */
const FIRST_DELAY_MS = 30_000;
const LONGEST_DELAY_MS = 2 * HOUR_MS;
const RETRY_FOR_MS = 24 * HOUR_MS;

/** The delay after each failed attempt, in order: 30 s, 1 min, 2 min … 64 min, then 2 h until a day is covered. */
export const MAIL_RETRY_DELAYS_MS: readonly number[] = (() => {
  const delays: number[] = [];
  for (let total = 0; total < RETRY_FOR_MS; total += delays.at(-1)!) {
    delays.push(Math.min(FIRST_DELAY_MS * 2 ** delays.length, LONGEST_DELAY_MS));
  }
  return delays;
})();

/** Attempts before a message is `failed`: the first, and one after each delay. */
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;

/** How long to wait after failed attempt number `attempts` (1 is the first); null: that was the last. */
export function mailRetryDelayMs(attempts: number): number | null {
  return MAIL_RETRY_DELAYS_MS[attempts - 1] ?? null;
}
