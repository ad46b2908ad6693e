import type { Kysely } from 'kysely';
import type { UpdateUserBody } from '@contract/auth';
import type { Database, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';

export async function getUser(db: Kysely<Database>, userId: string): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound('User');
  return user;
}

export async function updateProfile(
  db: Kysely<Database>,
  userId: string,
  body: UpdateUserBody,
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    if (body.email !== undefined) {
      const owner = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', body.email)
        .executeTakeFirst();
      if (owner && owner.id !== userId) {
        throw new AppError('CONFLICT', 'An account with this email already exists', {
          email: 'An account with this email already exists',
        });
      }
    }
    const updated = await trx
      .updateTable('users')
      .set({
        ...(body.firstName !== undefined && { first_name: body.firstName }),
        ...(body.lastName !== undefined && { last_name: body.lastName }),
        ...(body.email !== undefined && { email: body.email }),
        ...(body.phone !== undefined && { phone: body.phone }),
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw notFound('User');
    return updated;
  });
}
