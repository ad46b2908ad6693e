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

/**
 * Takes `email` from an account that has held it unverified since before `cutoff` (never a demo's): the
 * account's address becomes a tombstone nobody can type or receive mail at, unique by its id, and the address
 * it gave up is kept in released_email. Answers the account's id, or nothing when no such account holds it.
 */
export async function releaseUnverifiedEmail(db: Db, email: string, cutoff: string, at: string) {
  const holder = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('email_verified_at', 'is', null)
    .where('is_demo', '=', 0)
    .where('created_at', '<=', cutoff)
    .executeTakeFirst();
  if (!holder) return undefined;
  const released = await db
    .updateTable('users')
    .set({
      email: `released+${holder.id}@released.invalid`,
      released_email: email,
      email_released_at: at,
      updated_at: at,
    })
    .where('id', '=', holder.id)
    .where('email', '=', email)
    .where('email_verified_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return released?.id;
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
