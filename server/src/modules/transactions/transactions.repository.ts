import type { Insertable, Kysely } from 'kysely';
import type { TransactionStatus, TransactionType } from '@contract/transactions';
import type { Database, TransactionRow, TransactionsTable } from '../../db/schema';
import { precompiledByShape, precompiledRows } from '../../db/precompiled';
import type { HistoryCursor } from './history-cursor';

type Db = Kysely<Database>;

/** A history row as a money movement describes it; the ledger adds id, entry and time when it posts. */
export type NewTransaction = Omit<
  Insertable<TransactionsTable>,
  'id' | 'entry_id' | 'created_at' | 'type' | 'status'
> & {
  type: TransactionType;
  status: TransactionStatus;
};

/** History rows with every column (as the ledger writes them), answered as stored. */
export async function insertTransactions(db: Db, rows: TransactionRow[]): Promise<TransactionRow[]> {
  return (await historyInsert(db, rows)).rows;
}

// Every payment writes history rows: compiled once per shape (db/precompiled.ts), not built anew.
const historyInsert = precompiledRows((db: Db, rows: TransactionRow[]) =>
  db.insertInto('transactions').values(rows).returningAll(),
);

/**
 * A movement's later outcome on its history rows: a payout settled, a held payment delivered or returned. A
 * row that is gone (its demo user removed meanwhile) is simply not updated.
 */
export async function setTransactionStatus(db: Db, ids: string[], status: 'completed' | 'returned') {
  if (ids.length > 0) await db.updateTable('transactions').set({ status }).where('id', 'in', ids).execute();
}

/** A removed user's own history rows (the ledger keeps every entry; see ledger.release.ts). */
export function deleteTransactionsOf(db: Db, userId: string) {
  return db.deleteFrom('transactions').where('user_id', '=', userId).execute();
}

export interface HistoryQuery {
  /** Only these types; null = every type. */
  types: readonly TransactionType[] | null;
  /** Rows strictly after this position (older); null = from the newest. */
  after: HistoryCursor | null;
  limit: number;
}

/**
 * Newest first, id breaking ties (backdated rows can share a time), so (created_at, id) is a total order and
 * keyset pages never skip or repeat a row. Each single-type range is one walk down the index
 * (user_id, type, created_at desc, id desc); a filter of several types merges one such walk per type
 * (UNION ALL, each limited), so a sparse type never makes the database scan the whole history.
 *
 * Every page and export batch runs this, so the query is compiled once per shape (filter, first page or
 * after a cursor, limit: a few dozen shapes) rather than built anew per request (Kysely's building of the
 * union cost as much as SQLite's running it).
 */
export async function listHistory(db: Db, userId: string, query: HistoryQuery): Promise<TransactionRow[]> {
  if (query.types?.length === 0) return [];
  const { types, limit, after } = query;
  const result = after
    ? await historyAfter({ types, limit }, db, userId, after.createdAt, after.id)
    : await historyFirst({ types, limit }, db, userId);
  return result.rows;
}

type HistoryShape = Pick<HistoryQuery, 'types' | 'limit'>;
const shapeKey = ({ types, limit }: HistoryShape) => `${types?.join(',') ?? '*'}|${limit}`;
const historyFirst = precompiledByShape(
  shapeKey,
  (shape: HistoryShape) => (db: Db, userId: string) => buildHistory(db, userId, { ...shape, after: null }),
);
const historyAfter = precompiledByShape(
  shapeKey,
  (shape: HistoryShape) => (db: Db, userId: string, createdAt: string, id: string) =>
    buildHistory(db, userId, { ...shape, after: { createdAt, id } }),
);

function buildHistory(db: Db, userId: string, query: HistoryQuery) {
  const range = (type: TransactionType | null) => {
    let select = db.selectFrom('transactions').selectAll().where('user_id', '=', userId);
    if (type) select = select.where('type', '=', type);
    if (query.after) {
      const { createdAt, id } = query.after;
      select = select.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(createdAt, id)));
    }
    return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit);
  };
  if (query.types === null || query.types.length === 1) return range(query.types?.[0] ?? null);
  const [first, ...rest] = query.types.map((type, index) =>
    db.selectFrom(range(type).as(`t${index}`)).selectAll(),
  );
  const merged = rest.reduce((union, next) => union.unionAll(next), first!);
  return db
    .selectFrom(merged.as('page'))
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit);
}
