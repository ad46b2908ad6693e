import type { Insertable, Kysely, Selectable } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database, TransactionReceiptsTable } from '../../db/schema';

type Db = Kysely<Database>;
export type ReceiptRow = Selectable<TransactionReceiptsTable>;

/**
 * The row's receipt, if it is this user's. `lock` (in a transaction, PostgreSQL) holds it until commit, so a
 * replacement that raced another reads the key the other one wrote, and that file is not left behind.
 */
export function findReceipt(db: Db, userId: string, transactionId: string, lock = false) {
  const query = db
    .selectFrom('transaction_receipts')
    .selectAll()
    .where('transaction_id', '=', transactionId)
    .where('user_id', '=', userId);
  return (lock && isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertReceipt(db: Db, row: Insertable<TransactionReceiptsTable>) {
  await db.insertInto('transaction_receipts').values(row).execute();
}

export async function updateReceipt(db: Db, row: Insertable<TransactionReceiptsTable>) {
  const { transaction_id, user_id, ...changes } = row;
  await db
    .updateTable('transaction_receipts')
    .set(changes)
    .where('transaction_id', '=', transaction_id)
    .where('user_id', '=', user_id)
    .execute();
}

/** Removes the row's receipt; answers its storage key, or null when there was none (or not this user's). */
export async function deleteReceipt(db: Db, userId: string, transactionId: string) {
  const row = await db
    .deleteFrom('transaction_receipts')
    .where('transaction_id', '=', transactionId)
    .where('user_id', '=', userId)
    .returning('storage_key')
    .executeTakeFirst();
  return row?.storage_key ?? null;
}

export async function storageKeysOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('transaction_receipts')
    .select('storage_key')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.storage_key);
}

/**
 * One batch of a user's receipts whose history row falls in [since, before), oldest first, after the
 * position (transaction_at, transaction_id) of the previous batch: one walk of (user_id, transaction_at).
 */
export function receiptsInPeriod(
  db: Db,
  userId: string,
  period: { since: string; before: string },
  after: { at: string; id: string } | null,
  limit: number,
) {
  let query = db
    .selectFrom('transaction_receipts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('transaction_at', '>=', period.since)
    .where('transaction_at', '<', period.before);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('transaction_at', 'transaction_id'), '>', eb.tuple(after.at, after.id)),
    );
  }
  return query.orderBy('transaction_at').orderBy('transaction_id').limit(limit).execute();
}
