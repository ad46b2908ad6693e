import { createRequire } from 'node:module';
import pg from 'pg';

/**
 * A transaction's BEGIN and COMMIT ride with its first and last statements, so a payment on PostgreSQL is two
 * round trips (issue 13: "a transfer in one or two round trips"): `begin; select transfer_context(...)`, then
 * `select ledger_post_entry_or_raise(...); commit`. Each was a round trip of its own, and on a 2-core machine
 * a round trip is mostly the cost of waking a process on each side (a third of an app worker's time went to
 * writing to PostgreSQL). The locks a payment takes are now held for one round trip fewer as well.
 *
 * How: node-postgres sends a statement without parameters as a simple query, which may hold several
 * statements; PostgreSQL runs them in order and stops at the first error. So the parameters of the statement
 * are written into its text as literals, escaped by node-postgres' own escapeLiteral after the same
 * conversion it applies to parameters (prepareValue), and left untyped ('...'), as a parameter is: PostgreSQL
 * infers their types from where they stand, as it does for $1.
 *
 * - BEGIN is not sent when Kysely asks for it; it goes in front of the transaction's first statement. A
 *   statement that cannot be inlined (see inlined) is sent after a BEGIN of its own, as before. A transaction
 *   that sends nothing sends no BEGIN and no COMMIT.
 * - COMMIT follows a statement that starts with THEN_COMMIT, sent as the last one of its transaction (the
 *   deferred writes' flush: db/deferred-writes.ts); Kysely's own COMMIT after it then costs nothing. If the
 *   statement fails, COMMIT does not run and Kysely's ROLLBACK goes to the database as usual: the statement
 *   must raise, not answer, when the transaction should not commit (ledger_post_entry_or_raise).
 * Anything else passes through untouched, and so does everything outside a transaction.
 */
export const THEN_COMMIT = '/* then commit */ ';

type Query = (...args: unknown[]) => unknown;
type Result = pg.QueryResult;
type State = 'outside' | 'begin-pending' | 'open' | 'committed';

const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as {
  prepareValue(value: unknown): string | Buffer | null;
};

/**
 * The prefix that marks a statement as its transaction's last when `last` (COMMIT goes with it; where nothing
 * merges, it is only a comment), else nothing.
 */
export const thenCommit = (last: boolean) => (last ? THEN_COMMIT : '');

/**
 * `text` with its $n parameters written as literals, or undefined when that is not plainly safe: a quote,
 * a comment, a semicolon or a dollar sign other than a parameter's in the text (where $n might not be a
 * parameter), or a binary value, which has no text form here.
 */
export function inlined(text: string, values: readonly unknown[]): string | undefined {
  if (/['`;\\]|--|\/\*|\$(?!\d)/.test(text)) return undefined;
  const literals: string[] = [];
  for (const value of values) {
    const prepared = prepareValue(value);
    if (Buffer.isBuffer(prepared)) return undefined;
    literals.push(prepared === null ? 'null' : pg.escapeLiteral(prepared));
  }
  let complete = true;
  const result = text.replace(/\$(\d+)/g, (_, index: string) => {
    const literal = literals[Number(index) - 1];
    if (literal === undefined) complete = false;
    return literal ?? '';
  });
  return complete ? result : undefined;
}

const ok = (command: string) => Promise.resolve({ command, rowCount: null, rows: [], fields: [] } as never);

/** Installs the merging on one pooled connection (database.ts, on connect). */
export function mergeTransactionControl(client: pg.PoolClient, isPrepared: (text: string) => boolean): void {
  const query = client.query.bind(client) as Query;
  let state: State = 'outside';

  client.query = ((...args: unknown[]) => {
    const [text, values = []] = args;
    if (typeof text !== 'string' || args.length > 2 || !Array.isArray(values)) {
      // A cursor, a config object or a callback: after the BEGIN it may be waiting for (node-postgres queues
      // both).
      if (state === 'begin-pending') {
        state = 'open';
        void (query('begin') as Promise<unknown>).catch(() => {});
      }
      return query(...args);
    }
    const parameters = values as unknown[];
    if (text === 'begin' && state === 'outside') {
      state = 'begin-pending';
      return ok('BEGIN');
    }
    if (state === 'begin-pending') {
      if (text === 'commit' || text === 'rollback') {
        state = 'outside';
        return ok(text.toUpperCase());
      }
      state = 'open';
      const body = isPrepared(text) ? undefined : inlined(text, parameters);
      if (body === undefined) return (query('begin') as Promise<unknown>).then(() => query(...args));
      return (query(`begin; ${body}`) as Promise<Result[]>).then((results) => results[1]);
    }
    if (state === 'open' && text.startsWith(THEN_COMMIT)) {
      const body = inlined(text.slice(THEN_COMMIT.length), parameters);
      if (body !== undefined) {
        return (query(`${body}; commit`) as Promise<Result[]>).then((results) => {
          state = 'committed';
          return results[0];
        });
      }
    }
    if (state === 'committed' && (text === 'commit' || text === 'rollback')) {
      state = 'outside';
      return ok(text.toUpperCase());
    }
    if (text === 'commit' || text === 'rollback') state = 'outside';
    return query(...args);
  }) as typeof client.query;
}
