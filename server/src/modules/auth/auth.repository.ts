import type { Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect';
import { precompiled } from '../../db/precompiled';
import type { Database, SessionsTable } from '../../db/schema';
import type { Insertable } from 'kysely';

type Db = Kysely<Database>;

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

/** Makes sure a row exists for each key (in key order, so concurrent sign-ins never deadlock). */
export async function ensureThrottleRows(db: Db, keys: string[], at: string) {
  await db
    .insertInto('login_throttle')
    .values([...keys].sort().map((key) => ({ key, failures: 0, blocked_until: null, updated_at: at })))
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}

/** The keys' rows, locked on PostgreSQL (in key order) until the transaction ends; SQLite has one writer. */
export function lockThrottleRows(db: Db, keys: string[]) {
  const query = db
    .selectFrom('login_throttle')
    .select(['key', 'failures', 'blocked_until', 'updated_at'])
    .where('key', 'in', keys)
    .orderBy('key');
  return (isPostgres(db) ? query.forUpdate() : query).execute();
}

export function setThrottle(
  db: Db,
  key: string,
  values: { failures: number; blocked_until: string | null; updated_at: string },
) {
  return db.updateTable('login_throttle').set(values).where('key', '=', key).execute();
}

export async function clearThrottles(db: Db, keys: string[]) {
  if (keys.length > 0) await db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
}

export function pruneThrottles(db: Db, before: string) {
  return db.deleteFrom('login_throttle').where('updated_at', '<', before).execute();
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
