import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BatchedRateLimitCounter } from './batched-rate-limit-counter';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** What the plugin really hands `child()`: a limit's merged settings and the route it guards, if any. */
interface LimitParams {
  timeWindow: number;
  max: number;
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * From this `max` up, a limit is counted in memory and written in batches (batched-rate-limit-counter.ts):
 * it may admit a few requests too many across processes, which is nothing against hundreds a minute (the
 * global API limit, 600 by default) but would matter for the small security limits (sign-in 10, codes and
 * passwords 5, sign-ups, public invoices 20 a minute), which keep the exact upsert per request.
 */
export const BATCHED_FROM_MAX = 100;

/**
 * A store for @fastify/rate-limit in the database, so every app process counts against the same limit (the
 * in-memory store would give each process its own, N × the limit). A fixed window per key that restarts once
 * it is over: small limits upsert it on every request; large ones through `batched`, with no round trip per
 * request. Each limit (the global one, a route's own, a shared limiter) has its own namespace, derived from
 * what it is so that every process derives the same one.
 */
export function databaseRateLimitStore(
  db: Kysely<Database>,
  batched: BatchedRateLimitCounter,
): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly namespace = 'global',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      if (max >= BATCHED_FROM_MAX) return callback(null, batched.hit(`${this.namespace}|${key}`, timeWindow));
      countHit(db, `${this.namespace}|${key}`, timeWindow)
        .then((count) => callback(null, count))
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: unknown) {
      const params = routeOptions as LimitParams;
      const { method, url } = params.routeInfo ?? {};
      const where = url ? `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${url}` : 'shared';
      return new DatabaseRateLimitStore(undefined, `${where}:${params.max}/${params.timeWindow}`);
    }
  }
  return DatabaseRateLimitStore;
}

/**
 * Counts one hit of `key` in its fixed window, exactly, with one upsert shared by every process: the window
 * restarts at the first hit after it is over. Answers the hits so far in the window (this one included) and
 * the milliseconds it has left.
 */
export async function countHit(
  db: Kysely<Database>,
  key: string,
  timeWindow: number,
  now = Date.now(),
): Promise<{ current: number; ttl: number }> {
  const stale = now - timeWindow;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, window_start: BigInt(now) })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.window_start <= ${stale} then 1 else rate_limits.hits + 1 end`,
        window_start: sql<bigint>`case when rate_limits.window_start <= ${stale} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.window_start) + timeWindow - now) };
}

/** Forgets windows long over (the hourly job). */
export function pruneRateLimits(db: Kysely<Database>, olderThanMs = 3_600_000) {
  return db
    .deleteFrom('rate_limits')
    .where('window_start', '<', BigInt(Date.now() - olderThanMs))
    .execute();
}
