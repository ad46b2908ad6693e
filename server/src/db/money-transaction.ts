import type { Kysely, Transaction } from 'kysely';
import { isConnectionLost } from './connection-lost';
import { groupCommitterOf } from './group-commit';
import type { Database } from './schema';

/** serialization_failure and deadlock_detected: the database gave up on us, not on the request. */
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;
/**
 * Before running again on a fresh connection. The server's error reaches us just before its end of the socket
 * does, and only then does the pool discard the connection (pg-pool drops a broken client on its 'error'
 * event): asked at once, the pool could hand the dead connection back.
 */
const RECONNECT_DELAY_MS = 50;

export function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_SQLSTATES.has(code);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface MoneyTransactionOptions {
  /**
   * `work` claims an Idempotency-Key in its transaction (runIdempotent), so it is safe to run again even when
   * the first run may have committed: the claim then finds the first run's stored answer.
   */
  keyed?: boolean;
}

/**
 * Runs `work` in one database transaction and retries the whole of it when PostgreSQL (or CockroachDB /
 * YugabyteDB, which report contention as 40001) aborts it for a serialization failure or deadlock. `work`
 * must therefore be safe to re-run: it may only touch the database, never send an email or call out.
 * Back-off is exponential with full jitter so colliding requests do not collide again in lockstep.
 * On SQLite every transaction is BEGIN IMMEDIATE (one writer at a time), so these errors do not arise; there
 * money transactions that arrive together share one commit (see group-commit.ts).
 *
 * A PostgreSQL connection lost on the way (a restarted or failed-over server, a backend an administrator
 * ended) is retried once, a moment later, on a fresh connection (the pool drops the broken one): before
 * COMMIT was sent nothing was kept, so running `work` again is safe. Lost during COMMIT, the outcome is
 * unknown: only a `keyed` transaction runs again (its key answers with the stored result, or it applies
 * once); any other throws, and so does a second loss: the error handler answers 503 with Retry-After.
 */
export async function withMoneyTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
  options: MoneyTransactionOptions = {},
): Promise<T> {
  const committer = groupCommitterOf(db);
  let reconnected = false;
  for (let attempt = 1; ; attempt++) {
    const progress = { committing: false };
    try {
      return await (committer
        ? committer.run(work)
        : db.transaction().execute(async (trx) => {
            const result = await work(trx);
            // What is sent from here on is the COMMIT.
            progress.committing = true;
            return result;
          }));
    } catch (error) {
      if (!reconnected && isConnectionLost(error) && (!progress.committing || options.keyed)) {
        reconnected = true;
        await sleep(RECONNECT_DELAY_MS * (1 + Math.random()));
        continue;
      }
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await sleep(Math.random() * 10 * 2 ** attempt);
    }
  }
}

/** withMoneyTransaction for `work` that claims an Idempotency-Key in its transaction (runIdempotent). */
export const withKeyedMoneyTransaction = <T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
) => withMoneyTransaction(db, work, { keyed: true });
