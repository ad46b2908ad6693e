import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth';

/** How long the link in a password-reset email works. */
export const PASSWORD_RESET_LINK_MINUTES = 60;

/**
 * POST /api/auth/password-reset → 202 with this body, whatever the address: whether an account has it (and
 * whether it is verified) is never told. Only a verified address is sent a link.
 */
export const passwordResetRequestBodySchema = z.object({ email: emailSchema });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

export const PASSWORD_RESET_ACCEPTED =
  'If a Meridian account has this verified address, a link to choose a new password is on its way. It works for one hour.';
export const passwordResetAcceptedSchema = z.object({ message: z.literal(PASSWORD_RESET_ACCEPTED) });
export type PasswordResetAccepted = z.infer<typeof passwordResetAcceptedSchema>;

/**
 * POST /api/auth/password-reset/confirm → 204: the token from the link `/reset-password?token=…` and the new
 * password (the sign-up rule). Every session of the account ends; two-factor, when on, is still asked at the
 * next sign-in. A used, expired or unknown link is 422.
 */
export const passwordResetConfirmBodySchema = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,64}$/, 'This reset link is not valid'),
  password: newPasswordSchema,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;
