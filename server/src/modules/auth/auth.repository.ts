import { sql, type Kysely } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema';
import type { Insertable } from 'kysely';

type Db = Kysely<Database>;

export function insertSession(db: Db, session: Insertable<SessionsTable>) {
  return db.insertInto('sessions').values(session).execute();
}

export function findSessionWithUser(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.last_seen_at as lastSeenAt',
      'sessions.expires_at as expiresAt',
      'users.id as userId',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}

export function touchSession(db: Db, sessionId: string, at: string) {
  return db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', sessionId).execute();
}

export function deleteSession(db: Db, sessionId: string) {
  return db.deleteFrom('sessions').where('id', '=', sessionId).execute();
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

export function findBlockedThrottles(db: Db, keys: string[], now: string) {
  return db
    .selectFrom('login_throttle')
    .select(['key', 'blocked_until'])
    .where('key', 'in', keys)
    .where('blocked_until', '>', now)
    .execute();
}

/**
 * Counts one more failure under `key` in one statement (concurrent failures all count), starting afresh when
 * the last one is older than `windowStart`. Returns the count.
 */
export async function countThrottleFailure(db: Db, key: string, now: string, windowStart: string) {
  const row = await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, blocked_until: null, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        failures: sql<number>`case when login_throttle.updated_at < ${windowStart} then 1 else login_throttle.failures + 1 end`,
        blocked_until: sql<
          string | null
        >`case when login_throttle.updated_at < ${windowStart} then null else login_throttle.blocked_until end`,
        updated_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return Number(row.failures);
}

export function blockThrottle(db: Db, key: string, until: string) {
  return db.updateTable('login_throttle').set({ blocked_until: until }).where('key', '=', key).execute();
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
