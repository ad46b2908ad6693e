import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as repo from './login-throttle.repository';

/**
 * Slows password guessing without letting anyone lock an owner out. Failed sign-ins are counted per key, in
 * the database so that every app process agrees:
 * - the account from one source (email + IP): what one attacker, or the owner mistyping, runs into;
 * - the account from every source without a device cookie: a guessing attack spread over many addresses;
 * - the source across accounts: one address trying many accounts;
 * - a known device (a browser that signed in to the account before): its own failures only.
 * The same counters slow the other guesses that stand between a thief and the account:
 * - `password-check:<user>`: the password asked again by a signed-in session (a stolen session must not
 *   become a password-guessing machine), LOGIN_ATTEMPTS_PER_ACCOUNT free failures;
 * - `two-factor:<user>`: codes after a right password, from browsers without the device cookie, across every
 *   sign-in attempt (a known password must not buy unlimited fresh challenges), TWO_FACTOR_FAILURES_PER_ACCOUNT;
 * - `two-factor-device:<device>`: codes from a known browser, its own failures only.
 * After a key's free failures each further failure makes it wait longer (1 s, 2 s, 4 s … up to
 * LOGIN_MAX_DELAY_SECONDS); an attempt during the wait is 429 with Retry-After, whatever the password. There
 * is no hard lock: after the wait the right password works. And a browser with the account's device cookie is
 * judged by its own key alone, so failures elsewhere never keep the owner out.
 * Failures are forgotten LOGIN_ATTEMPT_WINDOW_MINUTES (a day) after the last one: far longer than the longest wait.
 */
export interface ThrottleKey {
  key: string;
  freeFailures: number;
}

export function delaySeconds(failures: number, freeFailures: number, maxDelaySeconds: number): number {
  if (failures <= freeFailures) return 0;
  return Math.min(maxDelaySeconds, 2 ** Math.min(30, failures - freeFailures - 1));
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** The 429 for an attempt that must wait `waitMs` more (whatever it carries: it is not checked). */
export function tooManyAttempts(waitMs: number): AppError {
  const wait = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('RATE_LIMITED', `Too many attempts. Try again in ${waitInWords(wait)}.`, undefined, {
    retryAfterSeconds: wait,
  });
}

/** "45 seconds", "3 minutes": a wait as a person reads it. */
export function waitInWords(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  return seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');
}

/**
 * IPv6 clients usually hold a whole /64: one source is its /64, or any address in it would start afresh.
 * IPv4 (and IPv4-mapped IPv6) addresses stay as they are.
 */
export function sourceOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...front, ...Array(8 - front.length - back.length).fill('0'), ...back]
    : front;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function createLoginThrottle(deps: { db: Kysely<Database>; config: Config; now: () => Date }) {
  const { db, config, now } = deps;
  const memoryMs = config.LOGIN_ATTEMPT_WINDOW_MINUTES * 60_000;
  // A success starts these afresh; the wider keys only take back the attempt it was.
  const accountKeyFor = (email: string) => `account:${email}`;
  const isNarrow = (key: string) =>
    key.startsWith('account-source:') || key.startsWith('device:') || key.startsWith('two-factor-device:');

  return {
    /** The account's key from every source without its device cookie (the one a second factor may pass). */
    accountKeyFor,

    /** The keys a sign-in is judged by: its device's alone, or the account's, the pair's and the source's. */
    keysFor(email: string, ip: string, deviceId: string | null): ThrottleKey[] {
      if (deviceId) return [{ key: `device:${deviceId}`, freeFailures: config.LOGIN_ATTEMPTS_PER_ACCOUNT }];
      const source = sourceOf(ip);
      return [
        { key: `account-source:${email}|${source}`, freeFailures: config.LOGIN_ATTEMPTS_PER_ACCOUNT },
        { key: accountKeyFor(email), freeFailures: config.LOGIN_ATTEMPTS_PER_ACCOUNT_ALL_SOURCES },
        { key: `source:${source}`, freeFailures: config.LOGIN_ATTEMPTS_PER_IP },
      ];
    },

    /**
     * The key a sign-in that names no account (a passkey) is judged by: its source's, the same count a
     * password's failures from there run up.
     */
    sourceKeys(ip: string): ThrottleKey[] {
      return [{ key: `source:${sourceOf(ip)}`, freeFailures: config.LOGIN_ATTEMPTS_PER_IP }];
    },

    /** The key a signed-in session's password check is judged by (see `admit`). */
    passwordCheckKeys(userId: string): ThrottleKey[] {
      return [{ key: `password-check:${userId}`, freeFailures: config.LOGIN_ATTEMPTS_PER_ACCOUNT }];
    },

    /** The key a second-factor code is judged by: its known browser's alone, else the account's. */
    twoFactorKeys(userId: string, deviceId: string | null): ThrottleKey[] {
      if (deviceId) {
        return [
          { key: `two-factor-device:${deviceId}`, freeFailures: config.TWO_FACTOR_FAILURES_PER_ACCOUNT },
        ];
      }
      return [{ key: `two-factor:${userId}`, freeFailures: config.TWO_FACTOR_FAILURES_PER_ACCOUNT }];
    },

    /**
     * Lets one attempt in, or answers 429 with the wait. The attempt is counted as a failure up front, in the
     * same short transaction that checks the wait (rows locked in key order), so a burst of simultaneous
     * guesses cannot all slip past the check before any of them is counted. `succeeded` takes it back.
     * Returns each key's count including this attempt (each count is seen by exactly one attempt).
     *
     * A key in `passable` that is waiting does not refuse the attempt: it is counted all the same and its
     * 429 comes back as `heldBack`, for the caller to throw unless the attempt proves more than a password
     * can (the account-wide wait, passed by a right password and a right second factor).
     */
    async admit(
      keys: ThrottleKey[],
      options: { passable?: readonly string[] } = {},
    ): Promise<{ failures: Map<string, number>; heldBack: AppError | null }> {
      const at = now();
      const names = keys.map(({ key }) => key);
      const passable = new Set(options.passable ?? []);
      return db.transaction().execute(async (trx) => {
        await repo.ensureThrottleRows(trx, names, at.toISOString());
        const rows = new Map((await repo.lockThrottleRows(trx, names)).map((row) => [row.key, row]));
        const waitOf = (key: string) => {
          const until = rows.get(key)?.blocked_until;
          return until ? Date.parse(until) - at.getTime() : 0;
        };
        const waits = names.filter((key) => !passable.has(key)).map(waitOf);
        if (waits.some((wait) => wait > 0)) throw tooManyAttempts(Math.max(...waits));
        const held = names.filter((key) => passable.has(key)).map(waitOf);
        const heldBack = held.some((wait) => wait > 0) ? tooManyAttempts(Math.max(...held)) : null;
        const failures = new Map<string, number>();
        for (const { key, freeFailures } of keys) {
          const row = rows.get(key)!;
          // Failures are remembered for LOGIN_ATTEMPT_WINDOW_MINUTES after the last one, far longer than the
          // longest wait, so sitting out a wait never buys a fresh set of free guesses.
          const forgotten = Date.parse(row.updated_at) < at.getTime() - memoryMs;
          const count = (forgotten ? 0 : Number(row.failures)) + 1;
          const delay = delaySeconds(count, freeFailures, config.LOGIN_MAX_DELAY_SECONDS);
          await repo.setThrottle(trx, key, {
            failures: count,
            blocked_until: delay > 0 ? new Date(at.getTime() + delay * 1000).toISOString() : null,
            updated_at: at.toISOString(),
          });
          failures.set(key, count);
        }
        return { failures, heldBack };
      });
    },

    /**
     * The right password: this account-and-source (or device) starts afresh; the wider keys take back the
     * attempt `admit` counted (and the wait it may have started, if that is all the count now deserves).
     */
    async succeeded(keys: ThrottleKey[]): Promise<void> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        await repo.clearThrottles(
          trx,
          keys.filter(({ key }) => isNarrow(key)).map(({ key }) => key),
        );
        const wide = keys.filter(({ key }) => !isNarrow(key));
        if (wide.length === 0) return;
        const rows = new Map(
          (
            await repo.lockThrottleRows(
              trx,
              wide.map(({ key }) => key),
            )
          ).map((row) => [row.key, row]),
        );
        for (const { key, freeFailures } of wide) {
          const row = rows.get(key);
          if (!row) continue;
          const failures = Math.max(0, Number(row.failures) - 1);
          const delay = delaySeconds(failures, freeFailures, config.LOGIN_MAX_DELAY_SECONDS);
          await repo.setThrottle(trx, key, {
            failures,
            blocked_until: delay > 0 ? row.blocked_until : null,
            updated_at: at.toISOString(),
          });
        }
      });
    },

    /** Forgets keys nobody failed on for LOGIN_ATTEMPT_WINDOW_MINUTES (the hourly job). */
    prune(): Promise<unknown> {
      return repo.pruneThrottles(db, new Date(now().getTime() - memoryMs).toISOString());
    },
  };
}
