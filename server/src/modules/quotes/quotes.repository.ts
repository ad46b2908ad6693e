import type { Insertable, Kysely } from 'kysely';
import type { Database, QuotesTable } from '../../db/schema';

type Db = Kysely<Database>;

export function insertQuote(db: Db, row: Insertable<QuotesTable>) {
  return db.insertInto('quotes').values(row).execute();
}

export function findQuote(db: Db, userId: string, id: string) {
  return db
    .selectFrom('quotes')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Marks the quote used if nobody has yet; false when another request got there first. */
export async function markQuoteUsed(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('quotes')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteQuotesExpiredBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('quotes').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
