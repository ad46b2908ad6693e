import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import type {
  DisableTwoFactorBody,
  EnableTwoFactorBody,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@contract/two-factor';
import { AppError } from '../../lib/errors';
import { twoFactorDisabledNotice, twoFactorEnabledNotice } from './auth-notices';
import {
  RECOVERY_CODES,
  hashRecoveryCode,
  isEnabled,
  matchTotp,
  newRecoveryCode,
  requireUser,
  tryCountedCode,
  type TwoFactorContext,
} from './two-factor-codes';
import * as repo from './two-factor.repository';

const ISSUER = 'Meridian';

export async function status(ctx: TwoFactorContext, userId: string): Promise<TwoFactorStatus> {
  const row = await repo.findTwoFactor(ctx.db, userId);
  if (!row?.enabled_at) return { enabled: false, recoveryCodesLeft: 0 };
  return { enabled: true, recoveryCodesLeft: await repo.countUnusedRecoveryCodes(ctx.db, userId) };
}

/** A new pending secret (replacing an unconfirmed one); 409 when two-factor is already on. */
export async function setup(ctx: TwoFactorContext, userId: string): Promise<TwoFactorSetup> {
  const { db, box, now } = ctx;
  const user = await requireUser(ctx, userId);
  if (Number(user.is_demo) === 1) {
    throw new AppError('FORBIDDEN', 'A demo account cannot turn on two-factor authentication');
  }
  const secret = generateSecret();
  if (!(await repo.upsertPendingSecret(db, userId, box.seal(secret, userId), now().toISOString()))) {
    throw new AppError('CONFLICT', 'Two-factor authentication is already on');
  }
  const otpauthUri = generateURI({ issuer: ISSUER, label: user.email, secret });
  return { otpauthUri, qrCode: await QRCode.toDataURL(otpauthUri, { margin: 1, width: 240 }), secret };
}

/**
 * Confirms the pending secret with a code from the app, given the password. Two-factor goes on, the ten
 * recovery codes are made (their hashes kept, the codes returned once) and the owner is told, in one
 * transaction.
 */
export async function enable(
  ctx: TwoFactorContext,
  userId: string,
  body: EnableTwoFactorBody,
): Promise<RecoveryCodes> {
  const { db, now } = ctx;
  const user = await requireUser(ctx, userId);
  if (Number(user.is_demo) === 1) {
    throw new AppError('FORBIDDEN', 'A demo account cannot turn on two-factor authentication');
  }
  const row = await repo.findTwoFactor(db, userId);
  if (row?.enabled_at) throw new AppError('CONFLICT', 'Two-factor authentication is already on');
  if (!row) throw new AppError('CONFLICT', 'Start the two-factor setup first');
  // A stolen session must not enrol its own authenticator and lock the owner out.
  await ctx.checkPassword(user, body.password);
  const step = await matchTotp(ctx, row.secret, userId, body.code);
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
    await ctx.notify(trx, userId, twoFactorEnabledNotice);
  });
  return { recoveryCodes };
}

/**
 * Turns two-factor off given the password and a code (app or recovery), each counted per account before
 * it is checked; the owner is told.
 */
export async function disable(
  ctx: TwoFactorContext,
  userId: string,
  body: DisableTwoFactorBody,
): Promise<void> {
  const user = await requireUser(ctx, userId);
  if (!(await isEnabled(ctx, userId))) {
    throw new AppError('CONFLICT', 'Two-factor authentication is not on');
  }
  await ctx.checkPassword(user, body.password);
  // Counted with the sign-in codes: a session thief who knows the password gets no fresh allowance here.
  const done = await tryCountedCode(ctx, userId, body.code, undefined, async (trx) => {
    await repo.deleteTwoFactor(trx, userId);
    await ctx.notify(trx, userId, twoFactorDisabledNotice);
  });
  if (!done) throw new AppError('VALIDATION_FAILED', 'Incorrect code', { code: 'Incorrect code' });
}
