import { CompiledQuery, type DatabaseConnection, type Driver, type TransactionSettings } from 'kysely';

/**
 * Wraps Kysely's SQLite driver so every transaction starts with BEGIN IMMEDIATE: the write lock is taken up
 * front, so two writers never both read a balance and then race to upgrade to a write (SQLITE_BUSY mid-entry).
 */
export class ImmediateSqliteDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  acquireConnection() {
    return this.inner.acquireConnection();
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

  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }

  destroy() {
    return this.inner.destroy();
  }
}
