import type { Insertable, Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect';
import { precompiledByShape, precompiledQuery, precompiledRows } from '../../db/precompiled';
import type { Database, JournalEntriesTable, PostingsTable } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The customer accounts (those with a cached balance) among `ids`. On PostgreSQL they are locked FOR UPDATE
 * in id order, so two entries touching the same accounts queue instead of deadlocking. House accounts are
 * read separately and never locked: they are not hot rows. SQLite needs no lock: BEGIN IMMEDIATE already
 * made this transaction the only writer.
 */
export async function lockCustomerAccounts(db: Db, ids: string[]) {
  return (await customerAccounts(ids.length, db, ...ids)).rows;
}

export async function findHouseAccounts(db: Db, ids: string[]) {
  return (await houseAccounts(ids.length, db, ...ids)).rows;
}

export function insertEntry(db: Db, entry: Insertable<JournalEntriesTable>) {
  return entryInsert(db, [entry]);
}

export function insertPostings(db: Db, postings: Insertable<PostingsTable>[]) {
  return postingsInsert(db, postings);
}

/** Adds `delta` to a cached balance; the guard makes a negative result impossible even without a lock. */
export async function applyBalanceDelta(db: Db, accountId: string, delta: bigint): Promise<boolean> {
  return (await balanceDelta(db, accountId, delta)).numAffectedRows === 1n;
}

// A payment runs each of these once or twice: compiled once per shape (db/precompiled.ts), not built anew.
const byCount = (count: number) => String(count);
const ACCOUNT_COLUMNS = ['id', 'user_id', 'kind', 'currency', 'balance', 'book'] as const;
const customerAccounts = precompiledByShape(byCount, () => (db: Db, ...ids: string[]) => {
  const query = db
    .selectFrom('ledger_accounts')
    .select(ACCOUNT_COLUMNS)
    .where('id', 'in', ids)
    .where('balance', 'is not', null)
    .orderBy('id');
  return isPostgres(db) ? query.forUpdate() : query;
});
const houseAccounts = precompiledByShape(
  byCount,
  () =>
    (db: Db, ...ids: string[]) =>
      db
        .selectFrom('ledger_accounts')
        .select(ACCOUNT_COLUMNS)
        .where('id', 'in', ids)
        .where('balance', 'is', null),
);

const entryInsert = precompiledRows((db: Db, rows: Insertable<JournalEntriesTable>[]) =>
  db.insertInto('journal_entries').values(rows),
);
const postingsInsert = precompiledRows((db: Db, rows: Insertable<PostingsTable>[]) =>
  db.insertInto('postings').values(rows),
);

const balanceDelta = precompiledQuery((db: Db, accountId: string, delta: bigint) =>
  db
    .updateTable('ledger_accounts')
    .set((eb) => ({ balance: eb('balance', '+', delta) }))
    .where('id', '=', accountId)
    .where((eb) => eb(eb('balance', '+', delta), '>=', 0n)),
);
