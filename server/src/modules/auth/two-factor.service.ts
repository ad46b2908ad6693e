import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { TwoFactorChallenge } from '@contract/auth';
import type {
  DisableTwoFactorBody,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@contract/two-factor';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import type { Notice } from '../notifications/notifier';
import * as users from '../user/user.repository';
import { twoFactorDisabledNotice, twoFactorEnabledNotice } from './auth-notices';
import { verifyPassword } from './password';
import { newSessionToken, sessionIdFromToken } from './session-token';
import * as repo from './two-factor.repository';

const CHALLENGE_MS = 5 * 60_000;
/** Wrong codes a sign-in challenge survives; the next wrong one ends it (sign in again, password first). */
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
  box: SecretBox;
  /** Raises a notification in the caller's transaction (the notifier's `raise`). */
  notify: (trx: Kysely<Database>, userId: string, notice: Notice) => Promise<void>;
  now?: () => Date;
}) {
  const { db, box, notify } = deps;
  const now = deps.now ?? (() => new Date());

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

  async function isEnabled(userId: string): Promise<boolean> {
    return Boolean((await repo.findTwoFactor(db, userId))?.enabled_at);
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
     * Confirms the pending secret with a code from the app. Two-factor goes on, the ten recovery codes are
     * made (their hashes kept, the codes returned once) and the owner is told, in one transaction.
     */
    async enable(userId: string, code: string): Promise<RecoveryCodes> {
      const user = await requireUser(userId);
      if (Number(user.is_demo) === 1) {
        throw new AppError('FORBIDDEN', 'A demo account cannot turn on two-factor authentication');
      }
      const row = await repo.findTwoFactor(db, userId);
      if (row?.enabled_at) throw new AppError('CONFLICT', 'Two-factor authentication is already on');
      if (!row) throw new AppError('CONFLICT', 'Start the two-factor setup first');
      const step = await matchTotp(row.secret, userId, code);
      if (step === null) {
        throw new AppError('VALIDATION_FAILED', 'code: Incorrect code', {
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

    /** Turns two-factor off given the password and a code (app or recovery); the owner is told. */
    async disable(userId: string, body: DisableTwoFactorBody): Promise<void> {
      const user = await requireUser(userId);
      if (!(await isEnabled(userId))) {
        throw new AppError('CONFLICT', 'Two-factor authentication is not on');
      }
      if (!(await verifyPassword(user.password_hash, body.password))) {
        throw new AppError('VALIDATION_FAILED', 'password: Incorrect password', {
          password: 'Incorrect password',
        });
      }
      const done = await db.transaction().execute(async (trx) => {
        if (!(await spendCode(trx, userId, body.code))) return false;
        await repo.deleteTwoFactor(trx, userId);
        await notify(trx, userId, twoFactorDisabledNotice);
        return true;
      });
      if (!done) throw new AppError('VALIDATION_FAILED', 'code: Incorrect code', { code: 'Incorrect code' });
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
     * Answers a challenge. A right code spends the code and the challenge and runs `signIn` in the same
     * transaction (the session and the spent code commit together). A wrong code counts against the
     * challenge (committed apart, so the failure sticks) and is a 401; an expired, used or dead challenge is
     * 401 SIGN_IN_EXPIRED.
     */
    async answerChallenge<T>(
      challengeToken: string,
      code: string,
      signIn: (trx: Kysely<Database>, userId: string) => Promise<T>,
    ): Promise<T> {
      const id = sessionIdFromToken(challengeToken);
      const at = now().toISOString();
      const expired = () =>
        new AppError('SIGN_IN_EXPIRED', 'This sign-in has expired. Please sign in again.');
      const challenge = await repo.findLiveChallenge(db, id, at, MAX_CHALLENGE_FAILURES);
      if (!challenge) throw expired();
      const outcome = await db.transaction().execute(async (trx) => {
        if (!(await spendCode(trx, challenge.user_id, code))) return { ok: false as const };
        // Spent by a parallel request meanwhile: roll the code's spend back with everything else.
        if (!(await repo.consumeChallenge(trx, id, at, MAX_CHALLENGE_FAILURES))) throw expired();
        return { ok: true as const, value: await signIn(trx, challenge.user_id) };
      });
      if (outcome.ok) return outcome.value;
      await repo.countChallengeFailure(db, id);
      throw new AppError('INVALID_CREDENTIALS', 'Incorrect code');
    },

    /** Forgets expired challenges (the hourly job). */
    pruneChallenges: () => repo.pruneChallenges(db, now().toISOString()),
  };
}
