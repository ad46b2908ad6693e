import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The users table's one owner: every insert, update, delete and lookup of a user goes through here. (Queries
 * of other modules may join users to read a column or two, e.g. a session's owner; none writes it.)
 */
export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Which of these ids still belong to a user (an idle demo may have been removed since). */
export async function existingUserIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export function insertUser(db: Db, user: Insertable<UsersTable>) {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export function deleteUser(db: Db, id: string) {
  return db.deleteFrom('users').where('id', '=', id).execute();
}

export function updatePasswordHash(db: Db, id: string, passwordHash: string, at: string) {
  return db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export function updateProfile(db: Db, id: string, changes: Updateable<UsersTable>) {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/** The account now has (and has proven) `email`. */
export function markEmailVerified(db: Db, id: string, email: string, at: string) {
  return db
    .updateTable('users')
    .set({ email, email_verified_at: at, updated_at: at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Identity verification decided (modules/kyc): the level sets the monthly limit. */
export function setVerificationLevel(db: Db, id: string, level: 'unverified' | 'verified', at: string) {
  return db
    .updateTable('users')
    .set({ verification_level: level, updated_at: at })
    .where('id', '=', id)
    .execute();
}
