import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as repo from './auth.repository';

/**
 * Slows password guessing without letting anyone lock an owner out. Failed sign-ins are counted per key, in
 * the database so that every app process agrees:
 * - the account from one source (email + IP): what one attacker, or the owner mistyping, runs into;
 * - the account from every source without a device cookie: a guessing attack spread over many addresses;
 * - the source across accounts: one address trying many accounts;
 * - a known device (a browser that signed in to the account before): its own failures only.
 * After a key's free failures each further failure makes it wait longer (1 s, 2 s, 4 s … up to
 * LOGIN_MAX_DELAY_SECONDS); an attempt during the wait is 429 with Retry-After, whatever the password. There
 * is no hard lock: after the wait the right password works. And a browser with the account's device cookie is
 * judged by its own key alone, so failures elsewhere never keep the owner out.
 * Failures older than LOGIN_ATTEMPT_WINDOW_MINUTES are forgotten.
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

export function createLoginThrottle(deps: { db: Kysely<Database>; config: Config; now: () => Date }) {
  const { db, config, now } = deps;
  const windowMs = config.LOGIN_ATTEMPT_WINDOW_MINUTES * 60_000;

  return {
    /** The keys a sign-in is judged by: its device's alone, or the account's, the pair's and the source's. */
    keysFor(email: string, ip: string, deviceId: string | null): ThrottleKey[] {
      if (deviceId) return [{ key: `device:${deviceId}`, freeFailures: config.LOGIN_ATTEMPTS_PER_ACCOUNT }];
      return [
        { key: `account-source:${email}|${ip}`, freeFailures: config.LOGIN_ATTEMPTS_PER_ACCOUNT },
        { key: `account:${email}`, freeFailures: config.LOGIN_ATTEMPTS_PER_ACCOUNT_ALL_SOURCES },
        { key: `source:${ip}`, freeFailures: config.LOGIN_ATTEMPTS_PER_IP },
      ];
    },

    /** 429 with the wait when any key is still waiting; otherwise nothing. */
    async check(keys: ThrottleKey[]): Promise<void> {
      const at = now();
      const blocked = await repo.findBlockedThrottles(
        db,
        keys.map(({ key }) => key),
        at.toISOString(),
      );
      if (blocked.length === 0) return;
      const until = Math.max(...blocked.map((row) => Date.parse(row.blocked_until!)));
      const wait = Math.max(1, Math.ceil((until - at.getTime()) / 1000));
      const words = wait < 60 ? `${wait} s` : `${Math.ceil(wait / 60)} min`;
      throw new AppError('RATE_LIMITED', `Too many sign-in attempts. Try again in ${words}.`, undefined, {
        retryAfterSeconds: wait,
      });
    },

    async recordFailure(keys: ThrottleKey[]): Promise<void> {
      const at = now();
      for (const { key, freeFailures } of keys) {
        const failures = await repo.countThrottleFailure(
          db,
          key,
          at.toISOString(),
          new Date(at.getTime() - windowMs).toISOString(),
        );
        const delay = delaySeconds(failures, freeFailures, config.LOGIN_MAX_DELAY_SECONDS);
        if (delay > 0) {
          await repo.blockThrottle(db, key, new Date(at.getTime() + delay * 1000).toISOString());
        }
      }
    },

    /** The right password: this account-and-source (or device) starts afresh. Wider keys keep counting. */
    async recordSuccess(keys: ThrottleKey[]): Promise<void> {
      const narrow = keys.filter(({ key }) => key.startsWith('account-source:') || key.startsWith('device:'));
      await repo.clearThrottles(
        db,
        narrow.map(({ key }) => key),
      );
    },

    /** Forgets keys nobody failed on for a while (the hourly job). */
    prune(): Promise<unknown> {
      const horizon = Math.max(windowMs, config.LOGIN_MAX_DELAY_SECONDS * 1000);
      return repo.pruneThrottles(db, new Date(now().getTime() - horizon).toISOString());
    },
  };
}
