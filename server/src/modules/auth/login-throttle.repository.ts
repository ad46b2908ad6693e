import type { Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

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
