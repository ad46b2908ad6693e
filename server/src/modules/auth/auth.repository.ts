import type { Kysely } from 'kysely';
import type { Database, SessionsTable, UsersTable } from '../../db/schema';
import type { Insertable } from 'kysely';

type Db = Kysely<Database>;

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertUser(db: Db, user: Insertable<UsersTable>) {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

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

export function deleteUser(db: Db, id: string) {
  return db.deleteFrom('users').where('id', '=', id).execute();
}
