import { sql, type Kysely } from 'kysely';
import type { TransactionType } from '@contract/transactions';
import type { Database, TransactionRow } from '../../db/schema';
import { precompiledByShape, precompiledRows } from '../../db/precompiled';
import { rowCategory, rowNoteColumns } from '../categories/categories';
import type { HistoryCursor } from './history-cursor';

type Db = Kysely<Database>;

/** History rows with every column (as the ledger stamps them with their entry), answered as stored. */
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

/** A pending history row completed with the figures it finally moved (a limit order filled at the market). */
export async function completeTransaction(
  db: Db,
  id: string,
  figures: { amount: bigint; fee: bigint; converted_amount: bigint; description: string },
) {
  await db
    .updateTable('transactions')
    .set({ ...figures, status: 'completed' })
    .where('id', '=', id)
    .execute();
}

/** One history row, only if it is this user's (another user's row is as absent as a missing one). */
export function findTransactionOf(db: Db, userId: string, id: string): Promise<TransactionRow | undefined> {
  return db
    .selectFrom('transactions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The description of a history row (whoever's it is), if the row exists. */
export async function findDescription(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('transactions')
    .select('description')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.description;
}

/** A removed user's own history rows (the ledger keeps every entry; see ledger.release.ts). */
export function deleteTransactionsOf(db: Db, userId: string) {
  return db.deleteFrom('transactions').where('user_id', '=', userId).execute();
}

/**
 * Which rows match, as the database compares them: `pattern` is a lower-case LIKE pattern (with `\` escaping
 * % and _) tried on the description, counterparty and emails; `since` and `before` bound created_at (ISO
 * times compare as text), since inclusive, before exclusive.
 */
export interface HistoryMatch {
  pattern?: string | undefined;
  since?: string | undefined;
  before?: string | undefined;
  /** One category's rows (its id, as categories-sql.ts computes a row's category). */
  category?: string | undefined;
}

/** A history row as listed: the row, its category's id and its note (read beside it: modules/categories). */
export type ListedHistoryRow = TransactionRow & {
  category: string;
  note_text: string | null;
  note_by: string | null;
  note_at: string | null;
};

export interface HistoryQuery {
  /** Only these types; null = every type. */
  types: readonly TransactionType[] | null;
  /** Rows strictly after this position (older); null = from the newest. */
  after: HistoryCursor | null;
  limit: number;
  match?: HistoryMatch;
}

/**
 * Newest first, id breaking ties (backdated rows can share a time), so (created_at, id) is a total order and
 * keyset pages never skip or repeat a row. Each single-type range is one walk down the index
 * (user_id, type, created_at desc, id desc); a filter of several types merges one such walk per type
 * (UNION ALL, each limited), so a sparse type never makes the database scan the whole history. A date range
 * narrows the same walk (created_at is the index's next column); a text search filters the user's rows as
 * the walk meets them, stopping at the page's limit (a substring search has no useful B-tree index, and one
 * customer's history is small enough to read).
 *
 * Every page and export batch runs this, so the query is compiled once per shape (filter, first page or
 * after a cursor, which search terms, limit: a bounded set) rather than built anew per request (Kysely's
 * building of the union cost as much as SQLite's running it).
 */
export async function listHistory(db: Db, userId: string, query: HistoryQuery): Promise<ListedHistoryRow[]> {
  if (query.types?.length === 0) return [];
  const { types, limit, after, match = {} } = query;
  const shape: HistoryShape = {
    types,
    limit,
    after: after !== null,
    pattern: match.pattern !== undefined,
    since: match.since !== undefined,
    before: match.before !== undefined,
    category: match.category !== undefined,
  };
  const args = [
    userId,
    ...(after ? [after.createdAt, after.id] : []),
    ...[match.pattern, match.since, match.before, match.category].filter((value) => value !== undefined),
  ];
  return (await history(shape, db, ...args)).rows;
}

/** The shape of a history query: which parts are present (their values are the query's parameters). */
interface HistoryShape {
  types: readonly TransactionType[] | null;
  limit: number;
  after: boolean;
  pattern: boolean;
  since: boolean;
  before: boolean;
  category: boolean;
}
const shapeKey = (shape: HistoryShape) =>
  [
    shape.types?.join(',') ?? '*',
    shape.limit,
    ...(['after', 'pattern', 'since', 'before', 'category'] as const).map((part) =>
      shape[part] ? part : '',
    ),
  ].join('|');

// The arguments come in a fixed order: user id, then (created_at, id) after a cursor, then the match's
// pattern, since, before and category, each only when the shape has it.
const history = precompiledByShape(shapeKey, (shape: HistoryShape) => (db: Db, ...args: string[]) => {
  const [userId, ...rest] = args;
  const after = shape.after ? { createdAt: rest.shift()!, id: rest.shift()! } : null;
  const match: HistoryMatch = {
    pattern: shape.pattern ? rest.shift() : undefined,
    since: shape.since ? rest.shift() : undefined,
    before: shape.before ? rest.shift() : undefined,
    category: shape.category ? rest.shift() : undefined,
  };
  return buildHistory(db, userId!, { types: shape.types, limit: shape.limit, after, match });
});

const searchedColumns = ['description', 'counterparty', 'counterparty_email', 'recipient_email'] as const;

function buildHistory(db: Db, userId: string, query: HistoryQuery) {
  const { pattern, since, before, category } = query.match ?? {};
  const range = (type: TransactionType | null) => {
    let select = db
      .selectFrom('transactions')
      .selectAll('transactions')
      .select([rowCategory.as('category'), ...rowNoteColumns])
      .where('user_id', '=', userId);
    // Filtered as the walk meets each row, like the text search: the category is computed, not indexed.
    if (category !== undefined) select = select.where((eb) => eb(rowCategory, '=', category));
    if (type) select = select.where('type', '=', type);
    if (since !== undefined) select = select.where('created_at', '>=', since);
    if (before !== undefined) select = select.where('created_at', '<', before);
    if (pattern !== undefined) {
      select = select.where((eb) =>
        eb.or(
          searchedColumns.map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
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
