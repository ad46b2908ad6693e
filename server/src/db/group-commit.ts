import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Member {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Enough to amortise a commit; small enough that one batch never holds the writer for long. */
const MAX_BATCH = 64;

/**
 * Group commit for SQLite. Each commit writes every page the transaction dirtied to the WAL, and every write
 * is fsynced before it is answered (db/wal-fsync.ts); a transfer touches some twenty B-tree pages (ledger,
 * postings, transactions, idempotency keys and their indexes). So transactions are not started at once: those
 * asked for in the same turn of the event loop (every request that was ready to read) run one after another
 * in a single transaction, the shared pages are written once, and one fsync serves the batch.
 *
 * Each member runs inside its own SAVEPOINT, so a member that fails (insufficient funds, a constraint) is
 * rolled back alone and the others go on. Nobody hears back until the batch has committed: a success is
 * never reported before it is durable, and if the commit itself fails every member fails (nothing of theirs
 * persisted; their clients retry with the same Idempotency-Key). A lone transaction runs as it always did,
 * without savepoints, so an idle server adds no latency.
 */
export class GroupCommitter {
  private readonly waiting: Member[] = [];
  private flushing = false;
  /** How many commits served how many transactions: for tests and for whoever tunes this. */
  readonly stats = { batches: 0, largestBatch: 0 };

  constructor(private readonly db: Kysely<Database>) {}

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.flushing) return;
      this.flushing = true;
      // Not now but after this turn of the event loop has read every request that is ready: their handlers
      // reach here too, and all of them go into the batch. (A transaction on better-sqlite3 runs start to
      // finish without yielding to I/O, so nothing can join a batch once it has started.)
      setImmediate(() => void this.flush());
    });
  }

  private async flush() {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_BATCH);
        this.stats.batches++;
        this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
        // Waits until the batch's statements have run, not until its commit is durable: its COMMIT is next on
        // the connection, and the next batch's statements run while this one's WAL is synced (db/wal-fsync.ts).
        await new Promise<void>((ran) => {
          const run = batch.length === 1 ? this.runAlone(batch[0]!, ran) : this.runTogether(batch, ran);
          void run.finally(ran);
        });
      }
    } finally {
      this.flushing = false;
    }
  }

  private async runAlone(member: Member, ran: () => void) {
    try {
      member.resolve(
        await this.db.transaction().execute(async (trx) => {
          try {
            return await member.work(trx);
          } finally {
            ran();
          }
        }),
      );
    } catch (error) {
      member.reject(error);
    }
  }

  private async runTogether(batch: Member[], ran: () => void) {
    const outcomes: Outcome[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const member of batch) outcomes.push(await runInSavepoint(trx, member.work));
        ran();
      });
    } catch (error) {
      // BEGIN or COMMIT failed, or a rollback to a savepoint did: the whole batch is gone.
      for (const member of batch) member.reject(error);
      return;
    }
    batch.forEach((member, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) member.resolve(outcome.value);
      else member.reject(outcome.error);
    });
  }
}

async function runInSavepoint(trx: Transaction<Database>, work: Work<unknown>): Promise<Outcome> {
  await sql`savepoint batch_member`.execute(trx);
  try {
    const value = await work(trx);
    await sql`release batch_member`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    try {
      await sql`rollback to batch_member`.execute(trx);
      await sql`release batch_member`.execute(trx);
    } catch {
      // SQLite already rolled the whole transaction back (a full disk, an I/O error): there is no savepoint
      // left, and the batch fails as a whole, exactly what happened to it, with the error that says why.
      throw error;
    }
    return { ok: false, error };
  }
}

const committers = new WeakMap<Kysely<Database>, GroupCommitter>();

/** Turns group commit on for a SQLite database handle (PostgreSQL runs transactions side by side instead). */
export function enableGroupCommit(db: Kysely<Database>) {
  committers.set(db, new GroupCommitter(db));
}

export const groupCommitterOf = (db: Kysely<Database>) => committers.get(db);
