import type { Insertable, Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database, JournalEntriesTable, PostingsTable } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The customer accounts (those with a cached balance) among `ids`. On PostgreSQL they are locked FOR UPDATE
 * in id order, so two entries touching the same accounts queue instead of deadlocking. House accounts are
 * read separately and never locked: they are not hot rows. SQLite needs no lock: BEGIN IMMEDIATE already
 * made this transaction the only writer.
 */
export function lockCustomerAccounts(db: Db, ids: string[]) {
  const query = db
    .selectFrom('ledger_accounts')
    .select(['id', 'user_id', 'kind', 'currency', 'balance', 'book'])
    .where('id', 'in', ids)
    .where('balance', 'is not', null)
    .orderBy('id');
  return (isPostgres(db) ? query.forUpdate() : query).execute();
}

export function findHouseAccounts(db: Db, ids: string[]) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'user_id', 'kind', 'currency', 'balance', 'book'])
    .where('id', 'in', ids)
    .where('balance', 'is', null)
    .execute();
}

export function insertEntry(db: Db, entry: Insertable<JournalEntriesTable>) {
  return db.insertInto('journal_entries').values(entry).execute();
}

export function insertPostings(db: Db, postings: Insertable<PostingsTable>[]) {
  return db.insertInto('postings').values(postings).execute();
}

/** Adds `delta` to a cached balance; the guard makes a negative result impossible even without a lock. */
export async function applyBalanceDelta(db: Db, accountId: string, delta: bigint): Promise<boolean> {
  const result = await db
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance: eb('balance', '+', delta) }))
    .where('id', '=', accountId)
    .where((eb) => eb(eb('balance', '+', delta), '>=', 0n))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
