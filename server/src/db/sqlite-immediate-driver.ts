import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type SQLite from 'better-sqlite3';
import type { StatementCache } from './statement-cache';
import type { WalCheckpointer } from './wal-checkpointer';
import type { WalFsync } from './wal-fsync';
import type { WriteHealth } from './write-health';

/**
 * Wraps Kysely's SQLite driver so that:
 * - every transaction starts with BEGIN IMMEDIATE: the write lock is taken up front, so two writers never both
 *   read a balance and then race to upgrade to a write (SQLITE_BUSY mid-entry);
 * - with `wal` (a file database under `synchronous=NORMAL`), whoever wrote is answered only once the WAL is on
 *   disk (db/wal-fsync.ts). The connection is released first, so the next reader or writer goes on while the
 *   fsync runs on the thread pool; a reader that came after a write not yet on disk may have seen it, and
 *   waits for that sync before it is answered;
 * - with `checkpointer`, the WAL is copied back into the database by a thread of its own, and a writer restarts
 *   it only when that thread falls too far behind (db/wal-checkpointer.ts);
 * - reads outside a transaction share one read transaction per turn of the event loop (SharedReads, below);
 * - `health` hears whether writes commit or fail for lack of storage (db/write-health.ts).
 */
export class ImmediateSqliteDriver implements Driver {
  /** Since the connection was acquired: a statement took the write lock (BEGIN IMMEDIATE does), so sync. */
  private wrote = false;
  /** …and one of them changed something (for `health`: a read-only transaction proves nothing). */
  private changed = false;
  private readonly reads: SharedReads;
  private wrapped: { inner: DatabaseConnection; outer: DatabaseConnection } | undefined;

  private readonly sqlite: SQLite.Database;

  constructor(
    private readonly inner: Driver,
    private readonly statements: StatementCache,
    private readonly wal?: WalFsync,
    private readonly checkpointer?: WalCheckpointer,
    private readonly health?: WriteHealth,
  ) {
    this.sqlite = statements.sqlite;
    this.reads = new SharedReads(statements);
  }

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    // SQLite has one connection: wrapped once.
    if (this.wrapped?.inner !== connection)
      this.wrapped = { inner: connection, outer: this.wrappedConnection(connection) };
    return this.wrapped.outer;
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings) {
    this.reads.end();
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await this.inner.commitTransaction(connection);
    if (this.changed) this.health?.committed();
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    // After some errors (a full disk, an I/O error) SQLite has rolled the transaction back by itself; a ROLLBACK
    // would then fail with "no transaction is active", and Kysely would throw that instead of the error that
    // says what happened.
    if (!this.sqlite.inTransaction) return;
    await this.inner.rollbackTransaction(connection);
  }

  async releaseConnection(connection: DatabaseConnection) {
    // Released before its write is durable: the connection is free at once, its user waits for the sync.
    // (A rolled-back write syncs too; harmless, and rare.)
    const mustSync = this.wrote && this.wal !== undefined;
    this.wrote = this.changed = false;
    // While the connection is still ours, so that no transaction is open on it.
    if (mustSync) this.checkpointer?.restartIfFarBehind();
    // The sync is asked for before the connection is free: whoever uses it next may read this write, and then
    // waits for this very sync. Whoever only read waits for the writes before it that are not on disk yet
    // (usually none, and then for nothing).
    const durable = mustSync ? this.wal!.sync() : this.wal?.durable();
    await this.inner.releaseConnection(connection);
    if (durable) await durable;
  }

  async destroy() {
    this.reads.end();
    // First: the last connection to close copies the WAL into the database and removes it, and that must be
    // this one, not the thread's.
    await this.checkpointer?.close();
    this.wal?.close();
    return this.inner.destroy();
  }

  /**
   * The one connection: a SELECT outside a transaction joins the shared read transaction (SharedReads); any
   * other statement ends it first, and is only then prepared: SQLite applies some PRAGMAs when it compiles
   * them, and one compiled inside a transaction does nothing (`foreign_keys`, for one). It also notes whether
   * a statement may have written. SQLite knows (sqlite3_stmt_readonly): COMMIT and savepoints count as
   * read-only, BEGIN IMMEDIATE (which takes the write lock) and the inserts and updates after it do not. The
   * statement comes from the prepared-statement cache, so asking costs a lookup; a SELECT never writes. A write
   * outside a transaction has committed when it returns (one inside, at COMMIT).
   */
  private wrappedConnection(connection: DatabaseConnection): DatabaseConnection {
    /** Whether the statement is a write that commits by itself (outside a transaction). */
    const alone = (query: CompiledQuery) => {
      this.reads.end();
      const inTransaction = this.sqlite.inTransaction;
      if (this.changed && inTransaction) return false;
      if (this.statements.prepare(query.sql).readonly) return false;
      this.wrote = true;
      if (isBegin(query.sql)) return false;
      this.changed = true;
      return !inTransaction;
    };
    return {
      executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        if (isSelect(query.sql)) {
          this.reads.join();
          return connection.executeQuery<R>(query);
        }
        return this.watched(connection, query, alone(query));
      },
      // A stream's statement stays open across turns of the event loop: it runs on its own.
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => {
        alone(query);
        return connection.streamQuery<R>(query, chunkSize);
      },
    };
  }

  /** Runs a statement that is not a SELECT, telling `health` whether it committed or found no room. */
  private async watched<R>(connection: DatabaseConnection, query: CompiledQuery, autocommits: boolean) {
    try {
      // (Kysely's SQLite connection throws synchronously: inside the try.)
      const result = await connection.executeQuery<R>(query);
      if (autocommits) this.health?.committed();
      return result;
    } catch (error) {
      this.health?.failed(error);
      throw error;
    }
  }
}

const isSelect = (sql: string) => /^\s*select\b/i.test(sql);
const isBegin = (sql: string) => /^\s*begin\b/i.test(sql);

/**
 * Reads outside a transaction share one read transaction per turn of the event loop. Each query outside a
 * transaction was a transaction of its own, and starting one in WAL mode takes three system calls (a lock on
 * the -shm file, a stat of the database, the unlock): warm, a session lookup took 8.2 µs alone and 1.6 µs
 * inside a transaction. Under load the requests of one turn read one after another, so they share it.
 *
 * What they see is what they would have seen alone: this process is the only writer, and every write, every
 * BEGIN IMMEDIATE and every stream ends the shared transaction first, so a read never misses a write made
 * before it. It ends at the latest after the turn (setImmediate), so a checkpoint is never held back for
 * longer than that. Other processes (the verify command, a backup) can read the file all the while.
 */
class SharedReads {
  private open = false;

  constructor(private readonly statements: StatementCache) {}

  join() {
    if (this.open || this.statements.sqlite.inTransaction) return;
    this.statements.prepare('begin').run();
    this.open = true;
    setImmediate(() => this.end());
  }

  end() {
    if (!this.open) return;
    this.open = false;
    if (this.statements.sqlite.inTransaction) this.statements.prepare('commit').run();
  }
}
