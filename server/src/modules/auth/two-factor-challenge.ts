import type { Kysely } from 'kysely';
import type { TwoFactorChallenge } from '@contract/auth';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newSessionToken, sessionIdFromToken } from './session-token';
import { MAX_CHALLENGE_FAILURES, isEnabled, tryCountedCode, type TwoFactorContext } from './two-factor-codes';
import * as repo from './two-factor.repository';

const CHALLENGE_MS = 5 * 60_000;
const expired = () => new AppError('SIGN_IN_EXPIRED', 'This sign-in has expired. Please sign in again.');

/** After a right password: the challenge the browser answers with a code. Only its hash is stored. */
export async function startChallenge(ctx: TwoFactorContext, userId: string): Promise<TwoFactorChallenge> {
  const { token, id } = newSessionToken();
  const created = ctx.now();
  const expiresAt = new Date(created.getTime() + CHALLENGE_MS).toISOString();
  await repo.insertChallenge(ctx.db, {
    id,
    user_id: userId,
    created_at: created.toISOString(),
    expires_at: expiresAt,
  });
  return { twoFactorRequired: true, challengeId: token, expiresAt };
}

/**
 * Answers a challenge. The guess is claimed from the challenge before the code is looked at (at most
 * MAX_CHALLENGE_FAILURES per challenge, however many arrive at once), then counted against the account
 * (`tryCountedCode`). A right code spends the code and the challenge and runs `signIn` in one transaction;
 * a wrong one is 401; an expired, used or spent challenge is 401 SIGN_IN_EXPIRED, unchecked.
 */
export async function answerChallenge<T>(
  ctx: TwoFactorContext,
  challengeToken: string,
  code: string,
  deviceToken: string | undefined,
  signIn: (trx: Kysely<Database>, userId: string) => Promise<T>,
): Promise<T> {
  const id = sessionIdFromToken(challengeToken);
  const at = ctx.now().toISOString();
  const challenge = await repo.claimChallengeGuess(ctx.db, id, at, MAX_CHALLENGE_FAILURES);
  if (!challenge) throw expired();
  const outcome = await tryCountedCode(ctx, challenge.user_id, code, deviceToken, async (trx) => {
    // Used by a parallel request meanwhile: roll the code's spend back with everything else.
    if (!(await repo.consumeChallenge(trx, id, at))) throw expired();
    return signIn(trx, challenge.user_id);
  });
  if (!outcome) throw new AppError('INVALID_CREDENTIALS', 'Incorrect code');
  return outcome.value;
}

/**
 * The password and a code in one request, for an account whose sign-ins from new browsers are held back
 * by the account-wide wait (auth's sign-in.ts): null unless two-factor is on and the code is right. The
 * code is counted as at a challenge; a 429 from that count is the caller's to hide.
 */
export async function signInWithCode<T>(
  ctx: TwoFactorContext,
  userId: string,
  code: string,
  deviceToken: string | undefined,
  signIn: (trx: Kysely<Database>, userId: string) => Promise<T>,
): Promise<T | null> {
  if (!(await isEnabled(ctx, userId))) return null;
  const outcome = await tryCountedCode(ctx, userId, code, deviceToken, (trx) => signIn(trx, userId));
  return outcome ? outcome.value : null;
}
