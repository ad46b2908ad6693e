import type { LoginBody, LoginTwoFactorBody, TwoFactorChallenge } from '@contract/auth';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { findUser, findUserByEmail } from '../user/users';
import type { AuthContext, ClientInfo, SignedIn } from './auth-context';
import * as repo from './auth.repository';
import { waitInWords } from './login-throttle';
import { verifyAgainstDummy, verifyPassword } from './password';
import { signInTo } from './sessions';
import { mailSignInLink, signInLinkHash } from './sign-in-link';
import * as links from './sign-in-link.repository';
import { sessionIdFromToken } from './session-token';

const signInExpired = () =>
  new AppError('SIGN_IN_EXPIRED', 'This sign-in link has expired or was already used. Please sign in again.');

/**
 * The password first (throttled). With two-factor on, a right password starts a challenge instead of a
 * session: POST /api/auth/login/2fa finishes it. When only the account-wide count holds a new browser
 * back (an attack from many addresses), see `pastAccountWideWait`.
 */
export async function login(
  ctx: AuthContext,
  body: LoginBody,
  client: ClientInfo,
): Promise<SignedIn | TwoFactorChallenge> {
  const { db, throttle, twoFactor } = ctx;
  const device = client.deviceToken
    ? await repo.findDeviceOf(db, sessionIdFromToken(client.deviceToken), body.email)
    : undefined;
  const keys = throttle.keysFor(body.email, client.ip, device?.id ?? null);
  // The account-wide wait is looked past: a right password may still get in (see pastAccountWideWait).
  const { heldBack } = await throttle.admit(keys, { passable: [throttle.accountKeyFor(body.email)] });
  const user = await findUserByEmail(db, body.email);
  const ok = user
    ? await verifyPassword(user.password_hash, body.password)
    : await verifyAgainstDummy(body.password);
  if (heldBack) {
    const signedIn = await pastAccountWideWait(ctx, body, user, ok, client, heldBack);
    await throttle.succeeded(keys);
    return signedIn;
  }
  if (!user || !ok) {
    throw new AppError('INVALID_CREDENTIALS', 'Incorrect email or password');
  }
  await throttle.succeeded(keys);
  if (twoFactor && (await twoFactor.isEnabled(user.id))) {
    return twoFactor.startChallenge(user.id);
  }
  return db.transaction().execute((trx) => signInTo(ctx, trx, user, client, device?.id ?? null));
}

/**
 * A sign-in held back by the account-wide wait (an attack from many addresses) whose other keys let it in.
 * A right password with a right code (two-factor on) signs in; a right password alone (two-factor off)
 * mails a one-time sign-in link. Every other case, and these too until the link is opened, get the same
 * 429, so the wait never tells whether the password was right.
 */
async function pastAccountWideWait(
  ctx: AuthContext,
  body: LoginBody,
  user: UserRow | undefined,
  passwordOk: boolean,
  client: ClientInfo,
  held: AppError,
): Promise<SignedIn> {
  const { db, twoFactor, mailer, now } = ctx;
  const paused = new AppError(
    'RATE_LIMITED',
    `Sign-ins to this account from new browsers are paused after many failed attempts (try again in ${waitInWords(held.options.retryAfterSeconds ?? 1)}). Browsers you signed in with before still get in; with two-factor on, add a code from your app; without it, a right password emails you a one-time sign-in link.`,
    undefined,
    held.options,
  );
  if (!user || !passwordOk) throw paused;
  if (!twoFactor || !(await twoFactor.isEnabled(user.id))) {
    if (mailer) await mailSignInLink({ db, mailer, now }, user);
    throw paused;
  }
  if (!body.code) throw paused;
  const signedIn = await twoFactor
    .signInWithCode(user.id, body.code, client.deviceToken, (trx) => signInTo(ctx, trx, user, client, null))
    .catch((error: unknown) => {
      // The code's own wait would say the password was right: the account-wide 429 stands for it.
      if (error instanceof AppError && error.code === 'RATE_LIMITED') return null;
      throw error;
    });
  if (!signedIn) throw paused;
  return signedIn;
}

/** The second step: a code for the challenge; the session starts in the transaction that spends it. */
export async function loginTwoFactor(
  ctx: AuthContext,
  body: LoginTwoFactorBody,
  client: ClientInfo,
): Promise<SignedIn> {
  if (!ctx.twoFactor)
    throw new AppError('SIGN_IN_EXPIRED', 'This sign-in has expired. Please sign in again.');
  return ctx.twoFactor.answerChallenge(
    body.challengeId,
    body.code,
    client.deviceToken,
    async (trx, userId) => {
      const user = await findUser(trx, userId);
      if (!user) throw new AppError('SIGN_IN_EXPIRED', 'This sign-in has expired. Please sign in again.');
      const device = client.deviceToken
        ? await repo.findDeviceOf(trx, sessionIdFromToken(client.deviceToken), user.email)
        : undefined;
      return signInTo(ctx, trx, user, client, device?.id ?? null);
    },
  );
}

/**
 * Opens a mailed one-time sign-in link: a session, and this browser becomes one the account knows (the
 * attack that held it back no longer slows it). Expired, used, or two-factor turned on since: refused.
 */
export async function signInWithLink(ctx: AuthContext, token: string, client: ClientInfo): Promise<SignedIn> {
  const at = ctx.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const link = await links.useSignInLink(trx, signInLinkHash(token), at);
    const user = link && (await findUser(trx, link.user_id));
    if (!user) throw signInExpired();
    if (ctx.twoFactor && (await ctx.twoFactor.isEnabled(user.id, trx))) throw signInExpired();
    const device = client.deviceToken
      ? await repo.findDeviceOfUser(trx, sessionIdFromToken(client.deviceToken), user.id)
      : undefined;
    return signInTo(ctx, trx, user, client, device?.id ?? null);
  });
}

/** A session for a user another module proved (a passkey); the browser is remembered as after a password. */
export async function signInVerified(
  ctx: AuthContext,
  trx: Kysely<Database>,
  user: UserRow,
  client: ClientInfo,
): Promise<SignedIn> {
  const device = client.deviceToken
    ? await repo.findDeviceOfUser(trx, sessionIdFromToken(client.deviceToken), user.id)
    : undefined;
  return signInTo(ctx, trx, user, client, device?.id ?? null);
}

/** Forgets sign-in failures nobody has repeated for a while, and sign-in links past their expiry. */
export async function pruneLoginThrottle(ctx: AuthContext): Promise<void> {
  await ctx.throttle.prune();
  await links.pruneSignInLinks(ctx.db, ctx.now().toISOString());
}
