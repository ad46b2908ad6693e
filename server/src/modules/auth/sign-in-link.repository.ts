import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** A live, unused sign-in link of the user's, if one is out (so a second is not mailed). */
export function findLiveSignInLink(db: Db, userId: string, at: string) {
  return db
    .selectFrom('sign_in_links')
    .select('id')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
}

export function insertSignInLink(
  db: Db,
  link: { id: string; user_id: string; created_at: string; expires_at: string },
) {
  return db
    .insertInto('sign_in_links')
    .values({ ...link, used_at: null })
    .execute();
}

/** Uses a link up: its user once, then undefined (one conditional update, so two clicks cannot both win). */
export function useSignInLink(db: Db, id: string, at: string) {
  return db
    .updateTable('sign_in_links')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('user_id')
    .executeTakeFirst();
}

export function pruneSignInLinks(db: Db, before: string) {
  return db.deleteFrom('sign_in_links').where('expires_at', '<', before).execute();
}
