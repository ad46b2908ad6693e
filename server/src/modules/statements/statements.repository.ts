import { sql, type Insertable, type Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { Database, StatementsTable } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The statements module writes only `statements`. It reads the ledger (postings and their entries) and the
 * history rows that describe them, never writing either: a statement is a view of what the ledger holds.
 */

// sum() is numeric on PostgreSQL; cast back so both dialects hand over a BigInt.
const bigintSum = (column: string) => sql<bigint>`cast(coalesce(sum(${sql.ref(column)}), 0) as bigint)`;

/** One posting on a wallet, with its entry's time and the owner's history row of that entry (if any). */
export interface MovementRow {
  posting_id: string;
  entry_id: string;
  booked_at: string;
  amount: bigint;
  entry_kind: string;
  entry_description: string;
  history_id: string | null;
  history_wallet_id: string | null;
  history_type: string | null;
  history_description: string | null;
  history_counterparty: string | null;
  history_at: string | null;
}

/**
 * The wallet's postings booked in [from, to), oldest first, each joined to the owner's history rows of its
 * entry (an entry may carry none, e.g. a test's funding, or, rarely, more than one: the caller picks).
 */
export function movementsIn(db: Db, accountId: string, userId: string, from: string, to: string) {
  return db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .leftJoin('transactions as t', (join) =>
      join.onRef('t.entry_id', '=', 'p.entry_id').on('t.user_id', '=', userId),
    )
    .select([
      'p.id as posting_id',
      'p.entry_id',
      'e.created_at as booked_at',
      'p.amount',
      'e.kind as entry_kind',
      'e.description as entry_description',
      't.id as history_id',
      't.wallet_id as history_wallet_id',
      't.type as history_type',
      't.description as history_description',
      't.counterparty as history_counterparty',
      't.created_at as history_at',
    ])
    .where('p.account_id', '=', accountId)
    .where('e.created_at', '>=', from)
    .where('e.created_at', '<', to)
    .orderBy('e.created_at')
    .orderBy('p.entry_id')
    .orderBy('p.id')
    .orderBy('t.id')
    .execute() as Promise<MovementRow[]>;
}

/** The wallet's balance from its postings booked before `before`: the ledger at that instant. */
export async function balanceBefore(db: Db, accountId: string, before: string): Promise<bigint> {
  const row = await db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select(bigintSum('p.amount').as('total'))
    .where('p.account_id', '=', accountId)
    .where('e.created_at', '<', before)
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}

/** Per wallet and UTC month: money in, money out and how many postings (the list's figures in one query). */
export function monthlyTotals(db: Db, accountIds: string[]) {
  if (accountIds.length === 0) return Promise.resolve([]);
  const month = sql<string>`substr(e.created_at, 1, 7)`;
  return db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select([
      'p.account_id',
      month.as('month'),
      sql<bigint>`cast(coalesce(sum(case when p.amount > 0 then p.amount else 0 end), 0) as bigint)`.as(
        'money_in',
      ),
      sql<bigint>`cast(coalesce(sum(case when p.amount < 0 then -p.amount else 0 end), 0) as bigint)`.as(
        'money_out',
      ),
      sql<bigint>`count(*)`.as('count'),
    ])
    .where('p.account_id', 'in', accountIds)
    .groupBy(['p.account_id', month])
    .execute();
}

export type StatementRow = Pick<
  StatementsTable,
  'id' | 'user_id' | 'account_id' | 'currency' | 'month' | 'digest' | 'previous_digest' | 'closed_at' | 'seal'
> & { movements: number | bigint };

const statementColumns = [
  'id',
  'user_id',
  'account_id',
  'currency',
  'month',
  'movements',
  'digest',
  'previous_digest',
  'closed_at',
  'seal',
] as const;

/** The user's closed statements, per wallet oldest month first. */
export function closedStatementsOf(db: Db, userId: string): Promise<StatementRow[]> {
  return db
    .selectFrom('statements')
    .select(statementColumns)
    .where('user_id', '=', userId)
    .orderBy('account_id')
    .orderBy('month')
    .execute();
}

/** A page of the wallets (by id, after `afterId`) with a statement closed before keyed seals. */
export async function accountsWithUnsealed(db: Db, afterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('statements')
    .select('account_id')
    .distinct()
    .where('seal', 'is', null)
    .where('account_id', '>', afterId)
    .orderBy('account_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.account_id);
}

/** Every closed statement of the wallet, oldest month first. */
export function statementsOfWallet(db: Db, accountId: string): Promise<StatementRow[]> {
  return db
    .selectFrom('statements')
    .select(statementColumns)
    .where('account_id', '=', accountId)
    .orderBy('month')
    .execute();
}

/** Seals a statement closed before keyed seals, unless something sealed it meanwhile. */
export async function sealStatement(db: Db, id: string, seal: string): Promise<void> {
  await db.updateTable('statements').set({ seal }).where('id', '=', id).where('seal', 'is', null).execute();
}

/** The wallet's ledger account as the statements need it (its opening time is part of every seal). */
export function walletAccount(db: Db, accountId: string) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'currency', 'created_at'])
    .where('id', '=', accountId)
    .executeTakeFirst() as Promise<{ id: string; currency: Currency; created_at: string } | undefined>;
}

/** The wallet's newest closed statement, if any. */
export function lastClosed(db: Db, accountId: string) {
  return db
    .selectFrom('statements')
    .select(['month', 'digest'])
    .where('account_id', '=', accountId)
    .orderBy('month', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The stored statement of the wallet's month. */
export function closedStatement(db: Db, accountId: string, month: string) {
  return db
    .selectFrom('statements')
    .select(['month', 'digest', 'previous_digest'])
    .where('account_id', '=', accountId)
    .where('month', '=', month)
    .executeTakeFirst();
}

/**
 * Stores a closed month unless it already is (another process got there first: the UNIQUE key keeps one row;
 * both computed the same digest from the same ledger).
 */
export async function insertStatement(db: Db, row: Insertable<StatementsTable>): Promise<void> {
  await db
    .insertInto('statements')
    .values(row)
    .onConflict((conflict) => conflict.columns(['account_id', 'month']).doNothing())
    .execute();
}

/** Wallets (of every user) with a month not yet closed before `month`, a page at a time: the job's work. */
export function walletsToClose(db: Db, month: string, afterId: string, limit: number) {
  return db
    .selectFrom('ledger_accounts as a')
    .select(['a.id', 'a.user_id', 'a.currency', 'a.created_at'])
    .where('a.kind', '=', 'wallet')
    .where('a.user_id', 'is not', null)
    .where('a.id', '>', afterId)
    .where('a.created_at', '<', `${month}-01T00:00:00.000Z`)
    .orderBy('a.id')
    .limit(limit)
    .execute() as Promise<Array<{ id: string; user_id: string; currency: Currency; created_at: string }>>;
}

/** The earliest entry on any of the accounts (a demo's history starts before its wallets were opened). */
export async function firstBookedAt(db: Db, accountIds: string[]): Promise<string | null> {
  if (accountIds.length === 0) return null;
  const row = await db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select((eb) => eb.fn.min('e.created_at').as('first'))
    .where('p.account_id', 'in', accountIds)
    .executeTakeFirst();
  return (row?.first as string | null | undefined) ?? null;
}
