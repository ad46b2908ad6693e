import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { verify } from 'otplib';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import type { Notice } from '../notifications/notifier';
import { findUser } from '../user/users';
import { findDeviceOfUser } from './auth.repository';
import { wrongTwoFactorCodesNotice } from './auth-notices';
import type { LoginThrottle } from './login-throttle';
import type { PasswordCheck } from './password-check';
import { sessionIdFromToken } from './session-token';
import * as repo from './two-factor.repository';

/**
 * Codes a sign-in challenge has judged at most (sign in again, password first, for more). Across challenges
 * the account's own allowance applies (TWO_FACTOR_FAILURES_PER_ACCOUNT), and every this many wrong codes the
 * owner is told.
 */
export const MAX_CHALLENGE_FAILURES = 5;
export const RECOVERY_CODES = 10;
// RFC 4648 base32, lower case: 32 symbols, so a random byte masked to 5 bits picks one without bias.
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** What the two-factor use cases (enrolment, challenges) share: see createTwoFactorService for each. */
export interface TwoFactorContext {
  db: Kysely<Database>;
  box: SecretBox;
  checkPassword: PasswordCheck;
  notify: (trx: Kysely<Database>, userId: string, notice: Notice) => Promise<void>;
  now: () => Date;
  throttle: LoginThrottle;
}

/** Ten characters (50 random bits) shown as `abcde-fghij`. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Recovery codes are 50 random bits, not something a person chose: a fast hash is enough (no dictionary to
 * try), and it lets the code be found by its hash. Case, spaces and dashes are forgiven.
 */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');
}

export async function requireUser(ctx: TwoFactorContext, userId: string) {
  const user = await findUser(ctx.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  return user;
}

/** `from`: the caller's transaction, when it has one open (SQLite has one connection). */
export async function isEnabled(ctx: TwoFactorContext, userId: string, from = ctx.db): Promise<boolean> {
  return Boolean((await repo.findTwoFactor(from, userId))?.enabled_at);
}

/** The time step a 6-digit code belongs to, within one step either side of now (clock drift), or null. */
export async function matchTotp(
  ctx: TwoFactorContext,
  sealedSecret: string,
  userId: string,
  code: string,
): Promise<number | null> {
  const result = await verify({
    strategy: 'totp',
    secret: ctx.box.open(sealedSecret, userId),
    token: code,
    epoch: Math.floor(ctx.now().getTime() / 1000),
    epochTolerance: 30,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Spends a code of an account with two-factor on, in the caller's transaction: a TOTP code whose time step
 * is newer than the last one accepted, or an unused recovery code. False for anything else, a replay
 * included. Each spend is one conditional update, so two requests with the same code cannot both pass.
 */
async function spendCode(
  ctx: TwoFactorContext,
  trx: Kysely<Database>,
  userId: string,
  code: string,
): Promise<boolean> {
  const row = await repo.findTwoFactor(trx, userId);
  if (!row?.enabled_at) return false;
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const step = await matchTotp(ctx, row.secret, userId, digits);
    return step !== null && repo.consumeTimeStep(trx, userId, step);
  }
  return repo.consumeRecoveryCode(trx, userId, hashRecoveryCode(code), ctx.now().toISOString());
}

async function knownDeviceId(
  ctx: TwoFactorContext,
  userId: string,
  deviceToken: string | undefined,
): Promise<string | null> {
  if (!deviceToken) return null;
  return (await findDeviceOfUser(ctx.db, sessionIdFromToken(deviceToken), userId))?.id ?? null;
}

/**
 * A code of the account's (at sign-in, or to turn two-factor off), counted before it is judged against the
 * account's allowance across all its attempts (or, from a browser that signed in before, that browser's own:
 * a thief with the password never slows the owner's known browsers): 429 with the wait once it is used up. A
 * right code is spent and `finish` runs in the same transaction; a wrong one is null, and every
 * MAX_CHALLENGE_FAILURES-th wrong one tells the owner (each count is seen by one attempt only, so a burst
 * tells them once per step).
 */
export async function tryCountedCode<T>(
  ctx: TwoFactorContext,
  userId: string,
  code: string,
  deviceToken: string | undefined,
  finish: (trx: Kysely<Database>) => Promise<T>,
): Promise<{ value: T } | null> {
  const { db, throttle } = ctx;
  const keys = throttle.twoFactorKeys(userId, await knownDeviceId(ctx, userId, deviceToken));
  const { failures } = await throttle.admit(keys);
  const outcome = await db
    .transaction()
    .execute(async (trx) =>
      (await spendCode(ctx, trx, userId, code)) ? { value: await finish(trx) } : null,
    );
  if (outcome) {
    await throttle.succeeded(keys);
    return outcome;
  }
  const wrongCodes = failures.get(keys[0]!.key) ?? 0;
  if (wrongCodes % MAX_CHALLENGE_FAILURES === 0) {
    await ctx.notify(db, userId, wrongTwoFactorCodesNotice(wrongCodes));
  }
  return null;
}
