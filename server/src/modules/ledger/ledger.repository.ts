import { sql, type Insertable, type Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import { isPostgres } from '../../db/dialect';
import { precompiledByShape, precompiledQuery, precompiledRows } from '../../db/precompiled';
import type {
  Book,
  Database,
  JournalEntriesTable,
  LedgerAccountsTable,
  PostingsTable,
} from '../../db/schema';
import { newId } from '../../lib/ids';

type Db = Kysely<Database>;

/**
 * Inserts the user's customer accounts of `kind` (one per currency) that do not exist yet, each with a zero
 * cached balance, in the user's book (a demo's are demo); answers how many were new.
 */
export async function insertCustomerAccounts(
  db: Db,
  account: { userId: string; kind: string; currencies: Currency[]; createdAt: string },
): Promise<number> {
  const { userId, kind, currencies, createdAt } = account;
  const book = sql<Book>`(select case when is_demo = 1 then 'demo' else 'live' end from users where id = ${userId})`;
  const result = await db
    .insertInto('ledger_accounts')
    .values(
      currencies.map((currency) => ({
        id: newId(),
        user_id: userId,
        kind,
        currency,
        balance: 0n,
        book,
        created_at: createdAt,
      })),
    )
    .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'currency']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/** The id of the user's account of `kind` in `currency`, if open. */
export async function findAccountId(
  db: Db,
  userId: string,
  kind: string,
  currency: Currency,
): Promise<string | undefined> {
  const account = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return account?.id;
}

/** House accounts that do not exist yet (their ids are deterministic: house-accounts.ts). */
export async function insertHouseAccounts(db: Db, rows: Insertable<LedgerAccountsTable>[]): Promise<void> {
  await db
    .insertInto('ledger_accounts')
    .values(rows)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** The user's accounts, locked on PostgreSQL (in id order) while they are released. */
export function lockAccountsOf(db: Db, userId: string) {
  const owned = db
    .selectFrom('ledger_accounts')
    .select(['id', 'currency'])
    .where('user_id', '=', userId)
    .orderBy('id');
  return (isPostgres(db) ? owned.forUpdate() : owned).execute();
}

/** Detaches the user's accounts: no owner, no cached balance (a check constraint keeps the two together). */
export async function detachAccountsOf(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('ledger_accounts')
    .set({ user_id: null, balance: null })
    .where('user_id', '=', userId)
    .execute();
}

/** Each account's balance as the sum of its postings (an account with none is left out). */
export function postingSums(db: Db, accountIds: string[]) {
  return db
    .selectFrom('postings')
    .select(['account_id', sql<bigint>`cast(sum(amount) as bigint)`.as('total')])
    .where('account_id', 'in', accountIds)
    .groupBy('account_id')
    .execute();
}

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
