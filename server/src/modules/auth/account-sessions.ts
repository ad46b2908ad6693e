import type { AccountSession, EndOtherSessionsAnswer } from '@contract/security';
import { AppError } from '../../lib/errors';
import { findUser } from '../user/users';
import type { AuthContext } from './auth-context';
import { describeBrowser } from './auth-notices';
import * as repo from './auth.repository';
import { sessionsEnded } from './sessions';
import { revokeStandingCredentials } from './standing-credentials';

const MINUTE = 60_000;

/** Where the account is signed in (sessions past their idle or absolute timeout are left out). */
export async function listSessions(
  ctx: AuthContext,
  userId: string,
  currentSessionId: string,
): Promise<AccountSession[]> {
  const at = ctx.now().getTime();
  const idleMs = ctx.config.SESSION_IDLE_TIMEOUT_MINUTES * MINUTE;
  return (await repo.listSessions(ctx.db, userId))
    .filter((row) => Date.parse(row.expires_at) > at && Date.parse(row.last_seen_at) + idleMs > at)
    .map((row) => ({
      id: row.id,
      device: describeBrowser(row.user_agent),
      ip: row.ip,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      current: row.id === currentSessionId,
    }));
}

/** Signs one of the user's sessions out (another user's is a 404). */
export async function endSession(ctx: AuthContext, userId: string, sessionId: string): Promise<void> {
  if (!(await repo.deleteSessionOf(ctx.db, userId, sessionId))) {
    throw new AppError('NOT_FOUND', 'Session not found');
  }
  sessionsEnded(ctx, { sessionId });
}

/**
 * "Sign out everywhere else": every session but the caller's, given the password (a stolen session must
 * not sign the owner out everywhere). A demo has no password to give. With `revokeStandingCredentials`, what
 * works without a session (API keys, webhook secrets, accountant grants) ends in the same transaction, as a
 * password reset ends it. Returns how many sessions ended, and what else.
 */
export async function endOtherSessions(
  ctx: AuthContext,
  userId: string,
  currentSessionId: string,
  body: { password: string; revokeStandingCredentials: boolean },
): Promise<EndOtherSessionsAnswer> {
  const user = await findUser(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  if (Number(user.is_demo) !== 1) await ctx.checkPassword(user, body.password);
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const ended = await repo.deleteOtherSessions(trx, userId, currentSessionId);
    if (!body.revokeStandingCredentials) return { ended };
    return { ended, revoked: await revokeStandingCredentials(ctx, trx, userId) };
  });
  sessionsEnded(ctx, { userId, keep: currentSessionId });
  return answer;
}
