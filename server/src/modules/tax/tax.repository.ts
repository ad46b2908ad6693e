import type { Insertable, Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database, TaxProfilesTable } from '../../db/schema';

type Db = Kysely<Database>;

export function findProfile(db: Db, userId: string) {
  return db.selectFrom('tax_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** One profile per user: a second save replaces the first (created_at stays). */
export function saveProfile(db: Db, row: Insertable<TaxProfilesTable>) {
  const { user_id: _userId, created_at: _createdAt, ...changes } = row;
  return db
    .insertInto('tax_profiles')
    .values(row)
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(changes))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A page of users with a profile, after `after` in id order (the reminder job's walk). */
export function profilesAfter(db: Db, after: string, limit: number) {
  return db
    .selectFrom('tax_profiles')
    .selectAll()
    .where('user_id', '>', after)
    .orderBy('user_id')
    .limit(limit)
    .execute();
}

/**
 * The profile, locked for the transaction: on PostgreSQL a process reminding this user holds the row and
 * another passes it by (SKIP LOCKED) rather than wait to find the reminder already written.
 */
export function claimProfile(db: Db, userId: string) {
  const query = db.selectFrom('tax_profiles').selectAll().where('user_id', '=', userId);
  return (isPostgres(db) ? query.forUpdate().skipLocked() : query).executeTakeFirst();
}

/** Records the reminder of one date; false when it was already recorded (by this process or another). */
export async function insertReminder(
  db: Db,
  row: { id: string; user_id: string; due_date: string; created_at: string },
) {
  const inserted = await db
    .insertInto('tax_reminders')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'due_date']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function remindersOf(db: Db, userId: string) {
  return db
    .selectFrom('tax_reminders')
    .select(['due_date', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('due_date')
    .execute();
}
