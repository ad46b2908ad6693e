import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './schema';

/**
 * Makes "count the user's things, refuse past the cap, add one" hold when requests arrive together: until
 * `trx` ends, any other transaction asking for the same `what` of the same user waits here. Call it first in
 * the transaction that counts and writes; a cap checked outside that transaction does not hold.
 *
 * PostgreSQL: a transaction-scoped advisory lock on (`what`, user). Under READ COMMITTED two transactions that
 * count at once both see room and both insert (a burst of 40 made 47 webhook endpoints against 10). A row lock
 * on the user would serialise them too, but it would also queue everything else that locks that row.
 *
 * SQLite: nothing to take. Every transaction begins IMMEDIATE on the one connection, which Kysely lends to one
 * transaction at a time (sqlite-immediate-driver.ts), so transactions never interleave.
 */
export async function lockPerUser(trx: Kysely<Database>, what: string, userId: string): Promise<void> {
  // Outside a transaction the lock would be released before the count, and SQLite's guarantee is gone too.
  if (!trx.isTransaction) throw new Error(`lockPerUser(${what}) needs a transaction`);
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`${what}:${userId}`}, 0))`.execute(trx);
  }
}
