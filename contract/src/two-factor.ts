import { z } from 'zod';
import { confirmPasswordSchema } from './security';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: 6 digits, 30-second steps) under
 * /api/user/2fa, plus the one-time recovery codes for a lost phone.
 */

/** A 6-digit code from the authenticator app (spaces are forgiven: apps show "123 456"). */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A code from the authenticator app or one of the recovery codes; the server tells them apart. */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, 'Enter a code')
  .max(64, 'That is not a code we issue');

/** GET /api/user/2fa. `recoveryCodesLeft` counts the unused ones (0 when two-factor is off). */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/**
 * POST /api/user/2fa/setup → 201: a new secret, pending until confirmed by a code (calling again replaces
 * it). `qrCode` is a PNG data URL of `otpauthUri`; `secret` is the same seed for typing in by hand.
 */
export const twoFactorSetupSchema = z.object({
  otpauthUri: z.string(),
  qrCode: z.string(),
  secret: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/**
 * POST /api/user/2fa/enable: the code proves the app holds the secret; the password, that the owner (not a
 * stolen session) is enrolling it.
 */
export const enableTwoFactorBodySchema = z.object({ code: totpCodeSchema, password: confirmPasswordSchema });
export type EnableTwoFactorBody = z.infer<typeof enableTwoFactorBodySchema>;

/** The ten recovery codes, shown once (only their hashes are kept). Each works once instead of a code. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/user/2fa/disable → 204: the password and a code (from the app, or a recovery code). */
export const disableTwoFactorBodySchema = z.object({
  password: confirmPasswordSchema,
  code: secondFactorCodeSchema,
});
export type DisableTwoFactorBody = z.infer<typeof disableTwoFactorBodySchema>;
