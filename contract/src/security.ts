import { z } from 'zod';
import { newPasswordSchema } from './auth';

/**
 * Account security under /api/user: change the password, see where the account is signed in, sign a session
 * (or every other one) out.
 */

/**
 * The current password, asked again before a change a thief would want (two-factor on or off, sign-in alerts
 * off, every other session signed out). Wrong: 400 with `fields.password`; too many wrong ones for the
 * account: 429 with Retry-After.
 */
export const confirmPasswordSchema = z.string().min(1, 'Enter your password').max(128);

/** POST /api/user/password → 204. The new password follows the sign-up rule; every other session ends. */
export const changePasswordBodySchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(128),
    // An empty field is asked for, not measured against the length rule.
    newPassword: z.string().min(1, 'Enter a new password').pipe(newPasswordSchema),
  })
  // Compared only once both fields are otherwise right: two empty fields are missing, not "the same".
  .refine((body) => body.newPassword !== body.currentPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from the current one',
    when: (payload) => payload.issues.length === 0,
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** GET /api/user/sessions: newest use first; `current` is the session making the request. */
export const sessionSchema = z.object({
  id: z.string(),
  /** e.g. "Chrome on macOS", from the browser's User-Agent. */
  device: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.array(sessionSchema);

/**
 * GET|PUT /api/user/security-settings: the toggles that change what the server does. Only toggles with an
 * effect are here (the two-factor toggle on the profile is GET /api/user/2fa, not a setting).
 * - `loginAlerts`: a sign-in from a browser the account has not used raises a "New sign-in" security
 *   notification (on by default).
 */
export const securitySettingsSchema = z.object({ loginAlerts: z.boolean() });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** PUT /api/user/security-settings: turning sign-in alerts off needs `password` (turning them on does not). */
export const updateSecuritySettingsBodySchema = securitySettingsSchema.extend({
  password: confirmPasswordSchema.optional(),
});
export type UpdateSecuritySettingsBody = z.infer<typeof updateSecuritySettingsBodySchema>;

/**
 * The password asked again before something is made that works without a session and outlives one (an API
 * key, a webhook endpoint, an accountant's invite), as a passkey's registration asks it: a stolen session alone
 * must not leave a way in behind. Wrong: 400 with `fields.password`, counted per account like every password a
 * session gives again. The owner is mailed and notified of what was made. A demo account has no password and
 * sends an empty one.
 */
export const stepUpPasswordSchema = z.string({ error: 'Enter your password' }).max(128);

/**
 * What ended with a password reset or "sign out everywhere" with `revokeStandingCredentials`: API keys revoked,
 * webhook endpoints turned off with their signing secrets replaced (rotate one to see its new secret, then
 * turn it on), accountant grants and invites suspended until the owner confirms each with the password.
 */
export const revokedCredentialsSchema = z.object({
  apiKeys: z.number().int(),
  webhookEndpoints: z.number().int(),
  accountants: z.number().int(),
});
export type RevokedCredentials = z.infer<typeof revokedCredentialsSchema>;

/**
 * DELETE /api/user/sessions (sign out every other session) → `{ ended, revoked }`, given the password. With
 * `revokeStandingCredentials`, what works without a session ends too, as a password reset ends it (`revoked`
 * says how many of each; absent without the option).
 */
export const endOtherSessionsBodySchema = z.object({
  password: confirmPasswordSchema,
  revokeStandingCredentials: z.boolean().default(false),
});
export type EndOtherSessionsBody = z.input<typeof endOtherSessionsBodySchema>;
export const endOtherSessionsAnswerSchema = z.object({
  ended: z.number().int(),
  revoked: revokedCredentialsSchema.optional(),
});
export type EndOtherSessionsAnswer = z.infer<typeof endOtherSessionsAnswerSchema>;
