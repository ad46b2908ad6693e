import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { TwoFactorChallenge } from '@contract/auth';
import type {
  DisableTwoFactorBody,
  EnableTwoFactorBody,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@contract/two-factor';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import type { Notice } from '../notifications/notifier';
import * as users from '../user/user.repository';
import { findDeviceOfUser } from './auth.repository';
import { twoFactorDisabledNotice, twoFactorEnabledNotice, wrongTwoFactorCodesNotice } from './auth-notices';
import { createLoginThrottle } from './login-throttle';
import type { PasswordCheck } from './password-check';
import { newSessionToken, sessionIdFromToken } from './session-token';
import * as repo from './two-factor.repository';

const CHALLENGE_MS = 5 * 60_000;
/**
 * Codes a sign-in challenge has judged at most (sign in again, password first, for more). Across challenges
 * the account's own allowance applies (TWO_FACTOR_FAILURES_PER_ACCOUNT), and every this many wrong codes the
 * owner is told.
 */
export const MAX_CHALLENGE_FAILURES = 5;
const RECOVERY_CODES = 10;
const ISSUER = 'Meridian';
// RFC 4648 base32, lower case: 32 symbols, so a random byte masked to 5 bits picks one without bias.
const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten characters (50 random bits) shown as `abcde-fghij`. */
function newRecoveryCode(): string {
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

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;

export function createTwoFactorService(deps: {
  db: Kysely<Database>;
  config: Config;
  box: SecretBox;
  /** The signed-in session's password, asked again to turn two-factor on or off (password-check.ts). */
  checkPassword: PasswordCheck;
  /** Raises a notification in the caller's transaction (the notifier's `raise`). */
  notify: (trx: Kysely<Database>, userId: string, notice: Notice) => Promise<void>;
  now?: () => Date;
}) {
  const { db, box, notify, checkPassword } = deps;
  const now = deps.now ?? (() => new Date());
  const throttle = createLoginThrottle({ db, config: deps.config, now });
  const expired = () => new AppError('SIGN_IN_EXPIRED', 'This sign-in has expired. Please sign in again.');

  async function requireUser(userId: string) {
    const user = await users.findUserById(db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
    return user;
  }

  /** The time step a 6-digit code belongs to, within one step either side of now (clock drift), or null. */
  async function matchTotp(sealedSecret: string, userId: string, code: string): Promise<number | null> {
    const result = await verify({
      strategy: 'totp',
      secret: box.open(sealedSecret, userId),
      token: code,
      epoch: Math.floor(now().getTime() / 1000),
      epochTolerance: 30,
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  /**
   * Spends a code of an account with two-factor on, in the caller's transaction: a TOTP code whose time step
   * is newer than the last one accepted, or an unused recovery code. False for anything else, a replay
   * included. Each spend is one conditional update, so two requests with the same code cannot both pass.
   */
  async function spendCode(trx: Kysely<Database>, userId: string, code: string): Promise<boolean> {
    const row = await repo.findTwoFactor(trx, userId);
    if (!row?.enabled_at) return false;
    const digits = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits)) {
      const step = await matchTotp(row.secret, userId, digits);
      return step !== null && repo.consumeTimeStep(trx, userId, step);
    }
    return repo.consumeRecoveryCode(trx, userId, hashRecoveryCode(code), now().toISOString());
  }

  /** `from`: the caller's transaction, when it has one open (SQLite has one connection). */
  async function isEnabled(userId: string, from: Kysely<Database> = db): Promise<boolean> {
    return Boolean((await repo.findTwoFactor(from, userId))?.enabled_at);
  }

  async function knownDeviceId(userId: string, deviceToken: string | undefined): Promise<string | null> {
    if (!deviceToken) return null;
    return (await findDeviceOfUser(db, sessionIdFromToken(deviceToken), userId))?.id ?? null;
  }

  /**
   * A code of the account's (at sign-in, or to turn two-factor off), counted before it is judged against the
   * account's allowance across all its attempts (or, from a browser that signed in before, that browser's own: a thief with the password never
   * slows the owner's known browsers): 429 with the wait once it is used up. A right code is spent and
   * `finish` runs in the same transaction; a wrong one is null, and every MAX_CHALLENGE_FAILURES-th wrong
   * one tells the owner (each count is seen by one attempt only, so a burst tells them once per step).
   */
  async function tryCountedCode<T>(
    userId: string,
    code: string,
    deviceToken: string | undefined,
    finish: (trx: Kysely<Database>) => Promise<T>,
  ): Promise<{ value: T } | null> {
    const keys = throttle.twoFactorKeys(userId, await knownDeviceId(userId, deviceToken));
    const { failures } = await throttle.admit(keys);
    const outcome = await db
      .transaction()
      .execute(async (trx) => ((await spendCode(trx, userId, code)) ? { value: await finish(trx) } : null));
    if (outcome) {
      await throttle.succeeded(keys);
      return outcome;
    }
    const wrongCodes = failures.get(keys[0]!.key) ?? 0;
    if (wrongCodes % MAX_CHALLENGE_FAILURES === 0) {
      await notify(db, userId, wrongTwoFactorCodesNotice(wrongCodes));
    }
    return null;
  }

  return {
    async status(userId: string): Promise<TwoFactorStatus> {
      const row = await repo.findTwoFactor(db, userId);
      if (!row?.enabled_at) return { enabled: false, recoveryCodesLeft: 0 };
      return { enabled: true, recoveryCodesLeft: await repo.countUnusedRecoveryCodes(db, userId) };
    },

    isEnabled,

    /** A new pending secret (replacing an unconfirmed one); 409 when two-factor is already on. */
    async setup(userId: string): Promise<TwoFactorSetup> {
      const user = await requireUser(userId);
      if (Number(user.is_demo) === 1) {
        throw new AppError('FORBIDDEN', 'A demo account cannot turn on two-factor authentication');
      }
      const secret = generateSecret();
      if (!(await repo.upsertPendingSecret(db, userId, box.seal(secret, userId), now().toISOString()))) {
        throw new AppError('CONFLICT', 'Two-factor authentication is already on');
      }
      const otpauthUri = generateURI({ issuer: ISSUER, label: user.email, secret });
      return { otpauthUri, qrCode: await QRCode.toDataURL(otpauthUri, { margin: 1, width: 240 }), secret };
    },

    /**
     * Confirms the pending secret with a code from the app, given the password. Two-factor goes on, the ten
     * recovery codes are made (their hashes kept, the codes returned once) and the owner is told, in one
     * transaction.
     */
    async enable(userId: string, body: EnableTwoFactorBody): Promise<RecoveryCodes> {
      const user = await requireUser(userId);
      if (Number(user.is_demo) === 1) {
        throw new AppError('FORBIDDEN', 'A demo account cannot turn on two-factor authentication');
      }
      const row = await repo.findTwoFactor(db, userId);
      if (row?.enabled_at) throw new AppError('CONFLICT', 'Two-factor authentication is already on');
      if (!row) throw new AppError('CONFLICT', 'Start the two-factor setup first');
      // A stolen session must not enrol its own authenticator and lock the owner out.
      await checkPassword(user, body.password);
      const step = await matchTotp(row.secret, userId, body.code);
      if (step === null) {
        throw new AppError('VALIDATION_FAILED', 'Incorrect code', {
          code: 'Incorrect code. Check the time on your phone and try the newest code.',
        });
      }
      const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        // The confirming code's step counts as used: it cannot sign in a second time.
        if (!(await repo.markEnabled(trx, userId, at, step))) {
          throw new AppError('CONFLICT', 'Two-factor authentication is already on');
        }
        await repo.replaceRecoveryCodes(trx, userId, recoveryCodes.map(hashRecoveryCode), at);
        await notify(trx, userId, twoFactorEnabledNotice);
      });
      return { recoveryCodes };
    },

    /**
     * Turns two-factor off given the password and a code (app or recovery), each counted per account before
     * it is checked; the owner is told.
     */
    async disable(userId: string, body: DisableTwoFactorBody): Promise<void> {
      const user = await requireUser(userId);
      if (!(await isEnabled(userId))) {
        throw new AppError('CONFLICT', 'Two-factor authentication is not on');
      }
      await checkPassword(user, body.password);
      // Counted with the sign-in codes: a session thief who knows the password gets no fresh allowance here.
      const done = await tryCountedCode(userId, body.code, undefined, async (trx) => {
        await repo.deleteTwoFactor(trx, userId);
        await notify(trx, userId, twoFactorDisabledNotice);
      });
      if (!done) throw new AppError('VALIDATION_FAILED', 'Incorrect code', { code: 'Incorrect code' });
    },

    /** After a right password: the challenge the browser answers with a code. Only its hash is stored. */
    async startChallenge(userId: string): Promise<TwoFactorChallenge> {
      const { token, id } = newSessionToken();
      const created = now();
      const expiresAt = new Date(created.getTime() + CHALLENGE_MS).toISOString();
      await repo.insertChallenge(db, {
        id,
        user_id: userId,
        created_at: created.toISOString(),
        expires_at: expiresAt,
      });
      return { twoFactorRequired: true, challengeId: token, expiresAt };
    },

    /**
     * Answers a challenge. The guess is claimed from the challenge before the code is looked at (at most
     * MAX_CHALLENGE_FAILURES per challenge, however many arrive at once), then counted against the account
     * (`tryCountedCode`). A right code spends the code and the challenge and runs `signIn` in one transaction;
     * a wrong one is 401; an expired, used or spent challenge is 401 SIGN_IN_EXPIRED, unchecked.
     */
    async answerChallenge<T>(
      challengeToken: string,
      code: string,
      deviceToken: string | undefined,
      signIn: (trx: Kysely<Database>, userId: string) => Promise<T>,
    ): Promise<T> {
      const id = sessionIdFromToken(challengeToken);
      const at = now().toISOString();
      const challenge = await repo.claimChallengeGuess(db, id, at, MAX_CHALLENGE_FAILURES);
      if (!challenge) throw expired();
      const outcome = await tryCountedCode(challenge.user_id, code, deviceToken, async (trx) => {
        // Used by a parallel request meanwhile: roll the code's spend back with everything else.
        if (!(await repo.consumeChallenge(trx, id, at))) throw expired();
        return signIn(trx, challenge.user_id);
      });
      if (!outcome) throw new AppError('INVALID_CREDENTIALS', 'Incorrect code');
      return outcome.value;
    },

    /**
     * The password and a code in one request, for an account whose sign-ins from new browsers are held back
     * by the account-wide wait (auth.service.ts): null unless two-factor is on and the code is right. The
     * code is counted as at a challenge; a 429 from that count is the caller's to hide.
     */
    async signInWithCode<T>(
      userId: string,
      code: string,
      deviceToken: string | undefined,
      signIn: (trx: Kysely<Database>, userId: string) => Promise<T>,
    ): Promise<T | null> {
      if (!(await isEnabled(userId))) return null;
      const outcome = await tryCountedCode(userId, code, deviceToken, (trx) => signIn(trx, userId));
      return outcome ? outcome.value : null;
    },

    /** Forgets expired challenges (the hourly job). */
    pruneChallenges: () => repo.pruneChallenges(db, now().toISOString()),
  };
}
