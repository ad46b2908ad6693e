import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export function listSaved(db: Db, userId: string) {
  return db
    .selectFrom('saved_recipients')
    .select(['id', 'name', 'email', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function countSaved(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('saved_recipients')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts unless the user already saved this email; returns whether it was inserted. */
export async function insertSaved(
  db: Db,
  row: { id: string; user_id: string; name: string; email: string; created_at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('saved_recipients')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'email']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Deletes the user's own saved recipient; another user's id deletes nothing. */
export async function deleteSaved(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_recipients')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/** The user's latest sends (newest first, bounded): enough to find their recent recipients via the type index. */
export function recentSends(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('transactions')
    .select(['recipient_email', 'counterparty', 'created_at'])
    .where('user_id', '=', userId)
    .where('type', '=', 'send')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
