import type { Insertable, Kysely } from 'kysely';
import type { Database, EmailVerificationsTable } from '../../db/schema';
import { isPostgres } from '../../db/dialect';

type Db = Kysely<Database>;

export function insertVerification(db: Db, row: Insertable<EmailVerificationsTable>) {
  return db.insertInto('email_verifications').values(row).execute();
}

/** Unused links of a user lose their power when a newer one is sent or one of them is used. */
export function retireOpenLinks(db: Db, userId: string, at: string) {
  return db
    .updateTable('email_verifications')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** The link with this token hash, locked on PostgreSQL so two clicks cannot both use it. */
export function findLink(db: Db, id: string) {
  const query = db.selectFrom('email_verifications').selectAll().where('id', '=', id);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

/** The newest unused, unexpired link of a user (a pending verification or change of address). */
export function findOpenLink(db: Db, userId: string, now: string) {
  return db
    .selectFrom('email_verifications')
    .select(['email', 'purpose'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
