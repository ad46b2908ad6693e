import { z } from 'zod';
import { currencySchema } from './currencies';
import { singleLineText } from './text';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email address' }));

/**
 * What a new password needs, said under every field that takes one. The length is checked here; how easy it is
 * to guess is judged on the server (zxcvbn, server/src/modules/auth/password-strength.ts), which answers a weak
 * one with its reason in `fields`, so the landing page never loads the estimator's dictionaries.
 */
export const NEW_PASSWORD_HINT =
  'At least 12 characters and hard to guess: a passphrase of a few uncommon words works well.';

export const newPasswordSchema = z
  .string()
  .min(12, 'Password must be at least 12 characters')
  .max(128, 'Password must be at most 128 characters');

const nameSchema = singleLineText(100, { tooLong: 'Names can be at most 100 characters' });

export const registerBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: nameSchema.optional(),
  lastName: nameSchema.optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** A 6-digit code from the authenticator app or a recovery code; the server tells them apart. */
const signInCodeSchema = z.string().trim().min(1, 'Enter a code').max(64, 'That is not a code we issue');

/**
 * POST /api/auth/login. `code` is needed only when sign-ins to the account from new browsers are held back
 * (429: too many failures from everywhere): a right password with a right two-factor code still gets in, in
 * one step. Anything less gets the same 429.
 */
export const loginBodySchema = z.object({
  email: emailSchema,
  // Not the new-password rules: an old account may predate them, and a length hint helps guessing.
  password: z.string().min(1, 'Enter your password').max(128, 'Password must be at most 128 characters'),
  code: signInCodeSchema.optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * POST /api/auth/login when the account has two-factor on: the password was right, but no session yet.
 * `challengeId` goes to POST /api/auth/login/2fa with a code; it expires at `expiresAt` (5 minutes), works
 * once, and dies after 5 wrong codes (then sign in again: answered 401 SIGN_IN_EXPIRED).
 */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeId: z.string(),
  expiresAt: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /api/auth/login/2fa: a 6-digit code from the app or a recovery code. 200 is a `UserResponse`. */
export const loginTwoFactorBodySchema = z.object({
  challengeId: z.string().min(1).max(128),
  code: signInCodeSchema,
});
export type LoginTwoFactorBody = z.infer<typeof loginTwoFactorBodySchema>;

/**
 * POST /api/auth/sign-in-link: opens the one-time link mailed when a right password met the account-wide
 * sign-in pause (no two-factor). 200 is a `UserResponse`; expired or used: 401 SIGN_IN_EXPIRED.
 */
export const signInLinkBodySchema = z.object({ token: z.string().min(1).max(128) });
export type SignInLinkBody = z.infer<typeof signInLinkBodySchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  isDemo: z.boolean(),
  /** Only a verified address receives money sent by email. */
  emailVerified: z.boolean(),
  /** The currency the user reports in: invoices are stamped in it (default USD). */
  homeCurrency: currencySchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** Someone's books a signed-in accountant may read (contract/src/accountants.ts). */
export const readableBooksSchema = z.object({
  ownerId: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  /** May set categories and notes there. */
  annotate: z.boolean(),
});
export type ReadableBooks = z.infer<typeof readableBooksSchema>;

/**
 * Whose books the session has open, in GET /api/auth/session and /api/auth/me: null for one's own, else the
 * owner's and what the accountant may do there. The choice lives on the session (server-side), so plain
 * download links read the same books as the page.
 */
export const openBooksSchema = readableBooksSchema.nullable();
export type OpenBooks = z.infer<typeof openBooksSchema>;

/** GET /api/auth/me: the signed-in user, and whose books their session has open. */
export const meResponseSchema = z.object({ user: userSchema, books: openBooksSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** POST /api/auth/login: signed in (`{user}`), or a two-factor challenge to answer first. */
export const loginResponseSchema = z.union([userResponseSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * GET /api/auth/session: who is signed in, asked without failing. Signed out is an answer (`user: null`), not
 * a 401, so a visitor's browser logs no error for merely being signed out.
 */
export const sessionResponseSchema = z.object({
  user: userSchema.nullable(),
  books: openBooksSchema.optional(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/**
 * PATCH /api/user. A new `email` needs `currentPassword` and takes effect only when the new address confirms
 * it (GET /api/auth/verification shows it as pending meanwhile); the old address is told.
 */
export const updateUserBodySchema = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    email: emailSchema,
    currentPassword: z.string().max(128, 'Password must be at most 128 characters'),
    phone: z
      .string()
      .trim()
      .max(32)
      .regex(/^[+()\d\s-]*$/, 'Phone may contain digits, spaces, +, -, ( and )'),
    homeCurrency: currencySchema,
  })
  .partial();
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;
