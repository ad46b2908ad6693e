import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import { registerPreparedStatement } from './prepared-statements';
import type { Database } from './schema';

type Db = Kysely<Database>;

/**
 * A hot read query (the session lookup, the wallets list), built and compiled once per database handle
 * instead of on every request: Kysely's building and compiling was about a sixth of GET /api/wallets' CPU.
 *
 * `build` is called once with placeholder strings in place of its arguments; each placeholder must reach
 * the compiled query as whole parameters (compared by identity of value; one argument may fill several, as a
 * user id does in each branch of a UNION), which is checked, so a builder
 * that transforms or inlines an argument fails loudly on its first call instead of answering with the
 * placeholder. Later calls copy the compiled SQL with the real arguments in those positions: same SQL text,
 * so SQLite's statement cache (database.ts) and plugins' result transforms work as for any other query, and
 * PostgreSQL keeps the plan of a named statement (prepared-statements.ts).
 * Arguments are strings only (ids), which is all the hot reads take.
 */
export function precompiled<Row, Args extends string[]>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<Db, { query: CompiledQuery<Row>; slots: number[] }>();
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
    registerPreparedStatement(query.sql);
    const entry = { query, slots };
    compiledFor.set(db, entry);
    return entry;
  };
  return async (db, ...args) => {
    const { query, slots } = compiledFor.get(db) ?? compile(db, args.length);
    const parameters = query.parameters.map((value, position) =>
      slots[position]! >= 0 ? args[slots[position]!] : value,
    );
    const result = await db.executeQuery<Row>({ ...query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}
