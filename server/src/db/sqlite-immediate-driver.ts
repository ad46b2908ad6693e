import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type SQLite from 'better-sqlite3';
import type { WalFsync } from './wal-fsync';

/**
 * Wraps Kysely's SQLite driver so that:
 * - every transaction starts with BEGIN IMMEDIATE: the write lock is taken up front, so two writers never both
 *   read a balance and then race to upgrade to a write (SQLITE_BUSY mid-entry);
 * - with `wal` (a file database under `synchronous=NORMAL`), whoever wrote is answered only once the WAL is on
 *   disk (db/wal-fsync.ts). The connection is released first, so the next reader or writer goes on while the
 *   fsync runs on the thread pool.
 */
export class ImmediateSqliteDriver implements Driver {
  private wrote = false;
  private wrapped: { inner: DatabaseConnection; noticing: DatabaseConnection } | undefined;

  constructor(
    private readonly inner: Driver,
    private readonly sqlite: SQLite.Database,
    private readonly wal?: WalFsync,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    if (!this.wal) return connection;
    // SQLite has one connection: wrapped once.
    if (this.wrapped?.inner !== connection)
      this.wrapped = { inner: connection, noticing: this.noticingWrites(connection) };
    return this.wrapped.noticing;
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }

  async releaseConnection(connection: DatabaseConnection) {
    // Released before its write is durable: the connection is free at once, its user waits for the sync.
    // (A rolled-back write syncs too; harmless, and rare.)
    const mustSync = this.wrote;
    this.wrote = false;
    await this.inner.releaseConnection(connection);
    if (mustSync) await this.wal!.sync();
  }

  destroy() {
    this.wal?.close();
    return this.inner.destroy();
  }

  /**
   * The one connection, noting whether a statement may have written. SQLite knows (sqlite3_stmt_readonly):
   * BEGIN, COMMIT and savepoints count as read-only, the inserts and updates between them do not. The
   * statement comes from the prepared-statement cache, so asking costs a lookup.
   */
  private noticingWrites(connection: DatabaseConnection): DatabaseConnection {
    const notice = (query: CompiledQuery) => {
      if (!this.wrote && !this.sqlite.prepare(query.sql).readonly) this.wrote = true;
    };
    return {
      executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        notice(query);
        return connection.executeQuery<R>(query);
      },
      streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
        notice(query);
        return connection.streamQuery<R>(query, chunkSize);
      },
    };
  }
}
