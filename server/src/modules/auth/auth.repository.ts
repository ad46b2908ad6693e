import type { Kysely } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { Database, SessionsTable } from '../../db/schema';
import type { Insertable } from 'kysely';

type Db = Kysely<Database>;

/**
 * Auth's tables, each written by one repository of this module: `sessions` and `login_devices` here,
 * `login_throttle` in login-throttle.repository.ts, `sign_in_links` in sign-in-link.repository.ts,
 * `two_factor`, `two_factor_recovery_codes` and `login_challenges` in two-factor.repository.ts, and
 * `security_settings` in security-settings.repository.ts. Users are the user module's (modules/user/users.ts).
 */

export function insertSession(db: Db, session: Insertable<SessionsTable>) {
  return db.insertInto('sessions').values(session).execute();
}

// Every /api request asks this: compiled once (see db/precompiled.ts).
const sessionWithUser = precompiled((db: Db, sessionId: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.last_seen_at as lastSeenAt',
      'sessions.expires_at as expiresAt',
      'sessions.books_owner_id as booksOwnerId',
      'users.id as userId',
    ])
    .where('sessions.id', '=', sessionId),
);

export async function findSessionWithUser(db: Db, sessionId: string) {
  const [session] = await sessionWithUser(db, sessionId);
  return session;
}

export function touchSession(db: Db, sessionId: string, at: string) {
  return db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

/** Which books the session reads: an owner's (who granted access, checked by the caller) or null, its own. */
export function setSessionBooks(db: Db, sessionId: string, booksOwnerId: string | null) {
  return db
    .updateTable('sessions')
    .set({ books_owner_id: booksOwnerId })
    .where('id', '=', sessionId)
    .execute();
}

export function deleteSession(db: Db, sessionId: string) {
  return db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** The user's sessions, most recently used first. */
export function listSessions(db: Db, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

/** Ends one of the user's sessions; false when it is not theirs (or already gone). */
export async function deleteSessionOf(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Ends every session of the user. */
export async function deleteSessionsOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Ends every session of the user but `keep`; returns how many ended. */
export async function deleteOtherSessions(db: Db, userId: string, keep: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('id', '!=', keep)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of the user (a password reset: whoever held one may be the reason for it). */
export function deleteAllSessions(db: Db, userId: string) {
  return db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Demo users whose newest activity is older than the cutoff: no session seen since, and created before it. */
function idleDemoUsers(db: Db, cutoff: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where('is_demo', '=', 1)
    .where('created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sessions')
            .select('sessions.id')
            .whereRef('sessions.user_id', '=', 'users.id')
            .where('sessions.last_seen_at', '>=', cutoff),
        ),
      ),
    );
}

export function findIdleDemoUsers(db: Db, cutoff: string) {
  return idleDemoUsers(db, cutoff).execute();
}

export async function isIdleDemoUser(db: Db, id: string, cutoff: string): Promise<boolean> {
  return (await idleDemoUsers(db, cutoff).where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The device with this cookie hash, if it belongs to the account with this email. */
export function findDeviceOf(db: Db, deviceId: string, email: string) {
  return db
    .selectFrom('login_devices as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select('d.id')
    .where('d.id', '=', deviceId)
    .where('u.email', '=', email)
    .executeTakeFirst();
}

export function insertDevice(db: Db, device: { id: string; user_id: string; at: string }) {
  return db
    .insertInto('login_devices')
    .values({ id: device.id, user_id: device.user_id, created_at: device.at, last_used_at: device.at })
    .execute();
}

export function touchDevice(db: Db, deviceId: string, at: string) {
  return db.updateTable('login_devices').set({ last_used_at: at }).where('id', '=', deviceId).execute();
}

/** The device with this cookie hash, if it belongs to this user. */
export function findDeviceOfUser(db: Db, deviceId: string, userId: string) {
  return db
    .selectFrom('login_devices')
    .select('id')
    .where('id', '=', deviceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
