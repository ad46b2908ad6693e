import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './schema';

type Db = Kysely<Database>;

/**
 * A hot query (the session lookup, the wallets list, history pages, the statements of a payment), built and
 * compiled once per dialect instead of on every request: Kysely's building and compiling was about a sixth of
 * GET /api/wallets' CPU and of a SQLite transfer's.
 *
 * `build` is called once with placeholder strings in place of its arguments; each placeholder must reach
 * the compiled query as whole parameters (compared by identity of value; one argument may fill several, as a
 * user id does in each branch of a UNION), which is checked, so a builder that transforms or inlines an
 * argument fails loudly on its first call instead of answering with the placeholder. Later calls copy the
 * compiled SQL with the real arguments (of any type: ids, amounts, times) in those positions: same SQL text,
 * so SQLite's statement cache (statement-cache.ts) and plugins' result transforms work as for any other
 * query.
 *
 * Compiled once per dialect, not per handle: a transaction is a new handle, and the SQL only depends on the
 * dialect's compiler. The query runs on the handle it is given.
 */
export function precompiledQuery<Row, Args extends unknown[]>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<QueryResult<Row>> {
  const compiledFor = new Map<boolean, { query: CompiledQuery<Row>; slots: number[] }>();
  const compile = (db: Db, arity: number) => {
    const placeholders = Array.from({ length: arity }, (_, index) => `\u0000precompiled-${index}\u0000`);
    const query = build(db, ...(placeholders as Args)).compile();
    const slots = query.parameters.map((value) => placeholders.indexOf(value as string));
    for (let index = 0; index < arity; index++) {
      if (!slots.includes(index))
        throw new Error(`precompiled: argument ${index} is not a parameter of ${query.sql}`);
    }
    const leaked = query.parameters.some(
      (value, position) => slots[position] === -1 && typeof value === 'string' && value.includes('\u0000'),
    );
    if (leaked || query.sql.includes('\u0000'))
      throw new Error(`precompiled: an argument was transformed or inlined in ${query.sql}`);
    const entry = { query, slots };
    compiledFor.set(isPostgres(db), entry);
    return entry;
  };
  return (db, ...args) => {
    const { query, slots } = compiledFor.get(isPostgres(db)) ?? compile(db, args.length);
    const parameters = query.parameters.map((value, position) =>
      slots[position]! >= 0 ? args[slots[position]!] : value,
    );
    return db.executeQuery<Row>({ ...query, parameters, queryId: createQueryId() });
  };
}

/** A precompiled query that answers its rows (the reads). */
export function precompiled<Row, Args extends unknown[]>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const run = precompiledQuery(build);
  return async (db, ...args) => (await run(db, ...args)).rows;
}

/**
 * Precompiled queries of one family whose shape varies a little (how many rows an insert writes, how many ids
 * an `in` names, which filter): one compiled query per shape, made on first use. `keyOf` names a shape; it
 * must come from a small set (counts, fixed filters), never from user input.
 */
export function precompiledByShape<Shape, Row, Args extends unknown[]>(
  keyOf: (shape: Shape) => string,
  build: (shape: Shape) => (db: Db, ...args: Args) => Compilable<Row>,
): (shape: Shape, db: Db, ...args: Args) => Promise<QueryResult<Row>> {
  const byShape = new Map<string, (db: Db, ...args: Args) => Promise<QueryResult<Row>>>();
  return (shape, db, ...args) => {
    const key = keyOf(shape);
    let run = byShape.get(key);
    if (!run) {
      run = precompiledQuery(build(shape));
      byShape.set(key, run);
    }
    return run(db, ...args);
  };
}

/**
 * A precompiled write of rows (a multi-row insert): `build` gets row objects and returns the statement. One
 * compiled statement per shape, the rows' columns and their count, taken from the rows themselves (rows of one
 * call come from one mapper, so they share their columns), so no column list is kept beside the row type.
 */
export function precompiledRows<Row extends object, Result>(
  build: (db: Db, rows: Row[]) => Compilable<Result>,
): (db: Db, rows: Row[]) => Promise<QueryResult<Result>> {
  const run = precompiledByShape(
    ({ columns, count }: { columns: string[]; count: number }) => `${count}|${columns.join(',')}`,
    ({ columns }) =>
      (db: Db, ...cells: unknown[]) =>
        build(db, rowsOf(columns, cells) as Row[]),
  );
  return (db, rows) => {
    // As Kysely does, a column the row leaves undefined is not written (its default applies).
    const first = (rows[0] ?? {}) as Record<string, unknown>;
    const columns = Object.keys(first).filter((column) => first[column] !== undefined);
    const cells = rows.flatMap((row) => columns.map((column) => (row as Record<string, unknown>)[column]));
    return run({ columns, count: rows.length }, db, ...cells);
  };
}

/** Flat cells back into row objects, `columns.length` at a time. */
function rowsOf(columns: string[], cells: unknown[]): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (let start = 0; start < cells.length; start += columns.length) {
    rows.push(Object.fromEntries(columns.map((column, index) => [column, cells[start + index]])));
  }
  return rows;
}
