import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/database';
import type { PgListener } from '../db/pg-listener';
import type { Database } from '../db/schema';
import { AppError } from '../lib/errors';
import { authFailures as metrics } from '../lib/metrics';
import { countHit } from './rate-limit-store';

/** What a refused request presented: a bearer token (an API key, or something else) or a session cookie. */
export type FailedCredential = { kind: 'api-key'; secret: string } | { kind: 'bearer' } | { kind: 'session' };

export type AuthFailures = ReturnType<typeof createAuthFailures>;

/** PostgreSQL: where a process that blocks an address tells the others at once. */
const CHANNEL = 'meridian_auth_blocks';
/** How much of an API key the operator's log line shows: its `mer_live_` mark and what key lists show. */
const SHOWN_KEY_CHARS = 15;
/**
 * Blocked addresses remembered at once; past it, ended blocks go first, then the oldest (its next failure there
 * blocks it again, from the shared count).
 */
const MAX_BLOCKED = 10_000;

/**
 * Failed authentication per client address (an IPv4 address, or an IPv6 /64): every
 * unknown, expired or revoked API key and every unknown or ended session cookie counts one failure, in the
 * database's `rate_limits` (a fixed window, one exact upsert per failure, shared by every process on either
 * database). A request whose credential works costs nothing here but a lookup in memory.
 *
 * Past `max` failures in a window, every request from the address that carries a credential is refused with
 * 429 until the window ends, the working ones too, and without looking the credential up. Refusing only the
 * failing ones would tell a guesser nothing it did not know and would not slow it: a list of leaked keys is
 * still worth trying at full speed if the live ones keep answering 200. Refusing the address stops that, and
 * costs only whoever shares the address with the guesser, never a chosen victim elsewhere (the block is by
 * address, not by account), and only while the failures go on.
 *
 * A process learns of a block from its own count (past `max`) and, on PostgreSQL, from the process that first
 * went past it, which announces it; a process that misses the announcement learns it at its next failure
 * from there. The first refusal of a window is logged once, for operators, with the address and at most the
 * prefix of the key.
 */
export function createAuthFailures(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  listener?: Pick<PgListener, 'on'> | undefined;
  log: FastifyBaseLogger;
  max: number;
  windowMs: number;
  /** The address failures count against: an IPv6 client's /64, as sign-in counts it (login-throttle.ts). */
  sourceOf: (ip: string) => string;
  /** "45 seconds", "3 minutes". */
  waitInWords: (seconds: number) => string;
  now?: () => number;
}) {
  const { db, dialect, log, max, windowMs, sourceOf } = deps;
  const now = deps.now ?? Date.now;

  function tooManyFailures(waitMs: number): AppError {
    const wait = Math.max(1, Math.ceil(waitMs / 1000));
    return new AppError(
      'RATE_LIMITED',
      `Too many requests from your address with an API key or session that does not work. Try again in ${deps.waitInWords(wait)}.`,
      undefined,
      { retryAfterSeconds: wait },
    );
  }
  // Address → epoch ms its block ends.
  const blocked = new Map<string, number>();

  function block(source: string, until: number) {
    if (until <= (blocked.get(source) ?? 0)) return;
    blocked.delete(source);
    blocked.set(source, until);
    if (blocked.size <= MAX_BLOCKED) return;
    const at = now();
    for (const [address, end] of blocked) if (end <= at) blocked.delete(address);
    const [first] = blocked.keys();
    if (blocked.size > MAX_BLOCKED && first !== undefined) blocked.delete(first);
  }

  deps.listener?.on(CHANNEL, (payload) => {
    const { source, ttlMs } = JSON.parse(payload) as { source: string; ttlMs: number };
    block(source, now() + ttlMs);
  });

  async function announce(source: string, ttlMs: number) {
    if (dialect !== 'postgres') return;
    await sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ source, ttlMs })})`.execute(db);
  }

  return {
    /** The 429 for a request with a credential from an address blocked now, else null (asks nothing of the database). */
    refusal(ip: string): AppError | null {
      if (blocked.size === 0) return null;
      const source = sourceOf(ip);
      const until = blocked.get(source);
      if (until === undefined) return null;
      if (until <= now()) {
        blocked.delete(source);
        return null;
      }
      return tooManyFailures(until - now());
    },

    /**
     * Counts one failed credential from `ip`. Returns the 429 to answer instead of the 401 once the address
     * is past the limit, else null. If the count cannot be written (the database down), the 401 stands.
     */
    async failed(ip: string, credential: FailedCredential): Promise<AppError | null> {
      metrics.refused.inc({ credential: credential.kind });
      const source = sourceOf(ip);
      let count: { current: number; ttl: number };
      try {
        count = await countHit(db, `auth-failures:${windowMs}|${source}`, windowMs, now());
      } catch (error) {
        log.warn({ err: error }, 'failed authentication not counted');
        return null;
      }
      if (count.current <= max) return null;
      block(source, now() + count.ttl);
      if (count.current === max + 1) {
        metrics.blocks.inc();
        log.warn(
          {
            source,
            ip,
            failures: count.current,
            windowSeconds: windowMs / 1000,
            credential: credential.kind,
            ...(credential.kind === 'api-key' && { keyPrefix: credential.secret.slice(0, SHOWN_KEY_CHARS) }),
          },
          'repeated failed authentication from one address: its requests with credentials get 429 until the window ends',
        );
        await announce(source, count.ttl).catch((error: unknown) =>
          log.warn({ err: error }, 'auth block not announced to the other processes'),
        );
      }
      return tooManyFailures(count.ttl);
    },
  };
}
