import type { Kysely } from 'kysely';
import type { UpdateUserBody } from '@contract/auth';
import type { Database, UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { EmailVerificationService } from '../email-verification/email-verification.service';
import * as repo from './user.repository';

export type UserService = ReturnType<typeof createUserService>;

/** The signed-in user's profile. A change of email goes through email verification; the rest is direct. */
export function createUserService(deps: { db: Kysely<Database>; verification: EmailVerificationService }) {
  const { db, verification } = deps;

  async function get(userId: string): Promise<UserRow> {
    const user = await repo.findUserById(db, userId);
    if (!user) throw notFound('User');
    return user;
  }

  return {
    get,

    /**
     * Names and phone change at once. A new email is only requested here: it needs the current password and
     * takes effect when the new address opens its link.
     */
    async update(userId: string, body: UpdateUserBody): Promise<UserRow> {
      const { email, currentPassword, firstName, lastName, phone, homeCurrency } = body;
      if (email !== undefined) await verification.requestChange(userId, email, currentPassword);
      const updated = await repo.updateProfile(db, userId, {
        ...(firstName !== undefined && { first_name: firstName }),
        ...(lastName !== undefined && { last_name: lastName }),
        ...(phone !== undefined && { phone }),
        ...(homeCurrency !== undefined && { home_currency: homeCurrency }),
        updated_at: new Date().toISOString(),
      });
      if (!updated) throw notFound('User');
      return updated;
    },
  };
}
