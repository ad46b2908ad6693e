import type { Kysely, Transaction } from 'kysely';
import { flushDeferredWrites, openDeferredWrites } from '../../db/deferred-writes';
import { groupCommitterOf } from '../../db/group-commit';
import type { Database } from '../../db/schema';

/** serialization_failure and deadlock_detected: the database gave up on us, not on the request. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_SQLSTATES.has(code);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in one database transaction and retries the whole of it when PostgreSQL (or CockroachDB /
 * YugabyteDB, which report contention as 40001) aborts it for a serialization failure or deadlock. `work`
 * must therefore be safe to re-run: it may only touch the database, never send an email or call out.
 * Back-off is exponential with full jitter so colliding requests do not collide again in lockstep.
 * On SQLite every transaction is BEGIN IMMEDIATE (one writer at a time), so these errors do not arise; there
 * money transactions that arrive together share one commit (see group-commit.ts). On PostgreSQL the writes
 * `work` never reads back are deferred and sent together before COMMIT (db/deferred-writes.ts).
 */
export async function withMoneyTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const committer = groupCommitterOf(db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await (committer ? committer.run(work) : db.transaction().execute(withDeferredWrites(work)));
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await sleep(Math.random() * 10 * 2 ** attempt);
    }
  }
}

function withDeferredWrites<T>(work: (trx: Transaction<Database>) => Promise<T>) {
  return async (trx: Transaction<Database>) => {
    openDeferredWrites(trx);
    const result = await work(trx);
    await flushDeferredWrites(trx, true);
    return result;
  };
}
