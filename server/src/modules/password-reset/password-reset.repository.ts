import type { Insertable, Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database, PasswordResetsTable } from '../../db/schema';

type Db = Kysely<Database>;

export function insertReset(db: Db, row: Insertable<PasswordResetsTable>) {
  return db.insertInto('password_resets').values(row).execute();
}

/** How many links the user was sent since `since`: the per-address limit. */
export async function countResetsSince(db: Db, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The link with this token hash, locked on PostgreSQL so two submissions cannot both use it. */
export function findReset(db: Db, id: string) {
  const query = db.selectFrom('password_resets').selectAll().where('id', '=', id);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

/** Every unused link of the user stops working (one was used, or the password changed another way). */
export function retireOpenResets(db: Db, userId: string, at: string) {
  return db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
