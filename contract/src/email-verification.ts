import { z } from 'zod';

/** How long a link in a verification email works. */
export const EMAIL_LINK_HOURS = 24;

/** POST /api/auth/verify-email: the token from the emailed link `/verify-email?token=…`. */
export const verifyEmailBodySchema = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,64}$/, 'This verification link is not valid'),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

export const verifyEmailResponseSchema = z.object({
  email: z.string(),
  /** Payments that were waiting for this address and have now landed. */
  deliveredPayments: z.number().int(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/**
 * GET /api/auth/verification: where the signed-in user's address stands. `sandboxLink` is the newest
 * verification link, given only on a sandbox server with no mail server (a convenience the UI labels as such).
 */
export const verificationStatusSchema = z.object({
  email: z.string(),
  verified: z.boolean(),
  /** An address the user asked to change to, waiting for its confirmation. */
  pendingEmail: z.string().nullable(),
  sandboxLink: z.string().nullable(),
});
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** GET /api/auth/options: what this server offers before anyone signs in. */
export const authOptionsSchema = z.object({
  /** The one-click demo (off when SANDBOX=false). */
  demo: z.boolean(),
  sandbox: z.boolean(),
  /** The largest single sandbox top-up in USD ("50000.00"), so the app states the server's real cap; null off sandbox. */
  sandboxMaxDepositUsd: z.string().nullable(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;
