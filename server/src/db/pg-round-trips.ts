import type pg from 'pg';

/**
 * A transaction's BEGIN and COMMIT ride with its first and last statements, so a payment on PostgreSQL waits
 * on the database twice (issue 13: "a transfer in one or two round trips"): BEGIN with `transfer_context(...)`,
 * then `ledger_post_entry_or_raise(...)` with COMMIT. Each was a round trip of its own. On a 2-core machine a
 * round trip is mostly the cost of waking a process on each side, and the accounts' row locks, taken by the
 * entry, were held while its answer crossed to the app and COMMIT crossed back: with 50 customers paying
 * each other, payments queued behind those locks.
 *
 * How: node-postgres' pipeline mode (`client.pipeline`) writes a query without waiting for the one before to
 * be answered. The two are written together (the socket corked around them) and each keeps its parameters
 * and its own Sync, so nothing is written into the SQL text and PostgreSQL logs no value. PostgreSQL runs them
 * in order; after an error the transaction is aborted, so a COMMIT that follows a failed statement ends it
 * as a ROLLBACK.
 *
 * - BEGIN is not sent when Kysely asks for it; it goes in front of the transaction's first statement. A
 *   transaction that sends nothing sends no BEGIN and no COMMIT.
 * - COMMIT follows a statement that starts with THEN_COMMIT, sent as the last one of its transaction (the
 *   deferred writes' flush: db/deferred-writes.ts); Kysely's own COMMIT or ROLLBACK after it then sends
 *   nothing. The statement must raise, not answer, whatever should stop the commit
 *   (ledger_post_entry_or_raise); if it fails, the error is the caller's and nothing was kept.
 * - Pipeline mode is on only while such a pair is answered. A query given as a config object rather than as
 *   text (nothing in the app sends one) goes after a BEGIN of its own.
 * Anything else passes through untouched, and so does everything outside a transaction.
 */
export const THEN_COMMIT = '/* then commit */ ';

/** The prefix that marks a statement as its transaction's last when `last` (COMMIT goes with it), else none. */
export const thenCommit = (last: boolean) => (last ? THEN_COMMIT : '');

type Query = (...args: unknown[]) => Promise<pg.QueryResult>;
type State = 'outside' | 'begin-pending' | 'open' | 'ended';

const answered = (command: string) =>
  Promise.resolve({ command, rowCount: null, rows: [], fields: [] } as never);

/** Installs the merging on one pooled connection (database.ts, on connect). */
export function mergeTransactionControl(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  // `pipeline` is a constructor option in node-postgres' types; the client reads the field at each query.
  const pipelined = client as unknown as { pipeline: boolean; connection: { stream: Corkable } };
  let state: State = 'outside';

  /** Sends the queries in one write, in order, and answers once every one is answered. */
  const together = (...queries: unknown[][]) => {
    const { stream } = pipelined.connection;
    pipelined.pipeline = true;
    stream.cork();
    let answers: Promise<pg.QueryResult>[];
    try {
      answers = queries.map((args) => query(...args));
    } finally {
      stream.uncork();
    }
    const all = Promise.allSettled(answers);
    // Pipeline mode stays on until all are answered: node-postgres reads the later answers only in it.
    void all.then(() => (pipelined.pipeline = false));
    return all;
  };
  /** The statement's answer, or the first failure among BEGIN, the statement and COMMIT. */
  const answerOf = (results: PromiseSettledResult<pg.QueryResult>[], statement: number) => {
    for (const result of results) if (result.status === 'rejected') throw result.reason;
    const commit = results.at(-1) as PromiseFulfilledResult<pg.QueryResult>;
    if (statement < results.length - 1 && commit.value.command !== 'COMMIT') {
      throw new Error(`COMMIT ended as ${commit.value.command}`);
    }
    return (results[statement] as PromiseFulfilledResult<pg.QueryResult>).value;
  };

  client.query = ((...args: unknown[]) => {
    const [text] = args;
    if (typeof text !== 'string') {
      // A config object (a named or a cursor query): after the BEGIN it may be waiting for, on its own.
      if (state !== 'begin-pending') return query(...args);
      state = 'open';
      return query('begin').then(() => query(...args));
    }
    if (text === 'begin' && state === 'outside') {
      state = 'begin-pending';
      return answered('BEGIN');
    }
    if (text === 'commit' || text === 'rollback') {
      const sent = state === 'open' || state === 'outside';
      state = 'outside';
      return sent ? query(...args) : answered(text.toUpperCase());
    }
    if (state === 'ended') {
      // The transaction committed with its marked statement: nothing may follow it into the next one.
      return Promise.reject(new Error('A statement was sent after its transaction’s last (THEN_COMMIT)'));
    }
    const last = text.startsWith(THEN_COMMIT);
    const statement = last ? [text.slice(THEN_COMMIT.length), ...args.slice(1)] : args;
    if (state === 'begin-pending') {
      state = last ? 'ended' : 'open';
      const sent = last ? together(['begin'], statement, ['commit']) : together(['begin'], statement);
      return sent.then((results) => answerOf(results, 1));
    }
    if (state === 'open' && last) {
      state = 'ended';
      return together(statement, ['commit']).then((results) => answerOf(results, 0));
    }
    return query(...statement);
  }) as typeof client.query;
}

interface Corkable {
  cork(): void;
  uncork(): void;
}
