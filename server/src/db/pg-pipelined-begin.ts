import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A transaction's BEGIN goes to PostgreSQL with its first statement, in one round trip instead of two. On a
 * 2-core machine a round trip is mostly the cost of waking a process on each side, and a payment makes six
 * (payment-round-trips.test.ts): sparing one was worth +18% API transfers/s (BENCHMARKS.md, "Engine-room
 * optimisations: A/B").
 *
 * How, with public options only: the pool's clients run in node-postgres' pipeline mode (`pipeline: true`,
 * database.ts), which writes a query without waiting for the answer to the one before, each with its own
 * Sync. This driver, wrapped around Kysely's PostgresDriver, sends BEGIN and does not wait for it; the
 * transaction's first statement is written right behind it and answers once both have (BEGIN's failure is
 * its failure). COMMIT and ROLLBACK wait for a BEGIN still unanswered first. A transaction with isolation
 * settings begins as Kysely's driver begins it.
 *
 * Pipeline mode refuses cursors (pg-cursor, pg-query-stream): nothing here streams from PostgreSQL.
 */
export class PipelinedBeginDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PipelinedConnection(await this.inner.acquireConnection());
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const pipelined = connection as PipelinedConnection;
    if (settings.isolationLevel || settings.accessMode)
      return this.inner.beginTransaction(pipelined.inner, settings);
    pipelined.begin = pipelined.inner.executeQuery(CompiledQuery.raw('begin'));
    // Heard by the first statement, or by COMMIT or ROLLBACK; never unhandled meanwhile.
    pipelined.begin.catch(() => {});
  }

  async commitTransaction(connection: DatabaseConnection) {
    const pipelined = connection as PipelinedConnection;
    await pipelined.begun();
    await this.inner.commitTransaction(pipelined.inner);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const pipelined = connection as PipelinedConnection;
    await pipelined.begun().catch(() => {});
    await this.inner.rollbackTransaction(pipelined.inner);
  }

  async releaseConnection(connection: DatabaseConnection) {
    await this.inner.releaseConnection((connection as PipelinedConnection).inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}

class PipelinedConnection implements DatabaseConnection {
  /** BEGIN, sent and not yet heard by anyone. */
  begin: Promise<QueryResult<unknown>> | undefined;

  constructor(readonly inner: DatabaseConnection) {}

  /** Waits for a BEGIN still unanswered (and throws its error). */
  async begun() {
    const { begin } = this;
    this.begin = undefined;
    await begin;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { begin } = this;
    this.begin = undefined;
    // Written now, behind BEGIN: node-postgres sends it before this returns.
    const answer = this.inner.executeQuery<R>(query);
    if (!begin) return answer;
    return Promise.all([begin, answer]).then(([, result]) => result);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    await this.begun();
    yield* this.inner.streamQuery<R>(query, chunkSize);
  }
}
