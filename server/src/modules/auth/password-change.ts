import type { Kysely } from 'kysely';
import type { ChangePasswordBody, RevokedCredentials } from '@contract/security';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findUser, setPasswordHash } from '../user/users';
import type { AuthContext } from './auth-context';
import * as repo from './auth.repository';
import { hashPassword } from './password';
import { assertStrongPassword, ownerOf } from './password-strength';
import { sessionsEnded } from './sessions';
import { revokeStandingCredentials } from './standing-credentials';

/**
 * A new password, given the current one. Every other session ends in the same transaction (whoever
 * knew the old password is signed out everywhere), and the hooks tell the account holder.
 */
export async function changePassword(
  ctx: AuthContext,
  userId: string,
  currentSessionId: string,
  body: ChangePasswordBody,
): Promise<void> {
  const { db, now } = ctx;
  const user = await findUser(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  if (Number(user.is_demo) === 1) {
    throw new AppError('FORBIDDEN', 'A demo account has no password to change');
  }
  await ctx.checkPassword(user, body.currentPassword, 'currentPassword');
  await assertStrongPassword(body.newPassword, ownerOf(user), 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash, now().toISOString());
    await repo.deleteOtherSessions(trx, user.id, currentSessionId);
    for (const hook of ctx.hooks.passwordChanged) await hook(trx, user);
  });
  sessionsEnded(ctx, { userId: user.id, keep: currentSessionId });
}

/**
 * A password chosen through a reset link (modules/password-reset), in the caller's transaction: every
 * session of the account ends, the hooks end other standing ways in (passkeys; API keys, webhook secrets and
 * accountant grants), and two-factor stays as it was. Answers what ended besides sessions and passkeys. Call
 * `forgetSessionsOf` after the commit.
 */
export async function replacePassword(
  ctx: AuthContext,
  trx: Kysely<Database>,
  userId: string,
  passwordHash: string,
): Promise<RevokedCredentials> {
  await setPasswordHash(trx, userId, passwordHash, ctx.now().toISOString());
  await repo.deleteAllSessions(trx, userId);
  for (const hook of ctx.hooks.passwordReplaced) await hook(trx, userId);
  return revokeStandingCredentials(ctx, trx, userId);
}
