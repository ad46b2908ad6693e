import type { Kysely } from 'kysely';
import type { UpdateUserBody } from '@contract/auth';
import type { Database, UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';

export async function getUser(db: Kysely<Database>, userId: string): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('User');
  return user;
}

/** The profile fields a user changes directly; the email goes through email verification instead. */
export type ProfileChanges = Pick<UpdateUserBody, 'firstName' | 'lastName' | 'phone'>;

export async function updateProfile(
  db: Kysely<Database>,
  userId: string,
  changes: ProfileChanges,
): Promise<UserRow> {
  const updated = await db
    .updateTable('users')
    .set({
      ...(changes.firstName !== undefined && { first_name: changes.firstName }),
      ...(changes.lastName !== undefined && { last_name: changes.lastName }),
      ...(changes.phone !== undefined && { phone: changes.phone }),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw notFound('User');
  return updated;
}
