import type { Insertable, Kysely } from 'kysely';
import type { ApiKeysTable, Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The user's keys not revoked, newest first. */
export function listApiKeys(db: Db, userId: string) {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Keys that still work: not revoked, not past their expiry. */
export async function countLiveApiKeys(db: Db, userId: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertApiKey(db: Db, row: Insertable<ApiKeysTable>) {
  await db.insertInto('api_keys').values(row).execute();
}

/** Revokes the user's own key; false when there is none such (another user's, or already revoked). */
export async function revokeApiKey(db: Db, userId: string, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes every key of the user still working or not yet revoked; answers how many. */
export async function revokeAllApiKeysOf(db: Db, userId: string, at: string): Promise<number> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The key a secret's hash names, with whether its owner is a demo account. */
export function findApiKeyByHash(db: Db, hash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.user_id',
      'api_keys.scope',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'api_keys.last_used_at',
      'users.is_demo',
    ])
    .where('api_keys.secret_hash', '=', hash)
    .executeTakeFirst();
}

/** Marks the key used now, unless another request (in any process) already did since `staleBefore`. */
export async function touchApiKey(db: Db, id: string, at: string, staleBefore: string) {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
    .execute();
}
