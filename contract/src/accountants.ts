import { z } from 'zod';
import { emailSchema, readableBooksSchema } from './auth';
import { confirmPasswordSchema, stepUpPasswordSchema } from './security';

export { openBooksSchema, readableBooksSchema, type OpenBooks, type ReadableBooks } from './auth';

/**
 * Read-only access for an accountant. The owner invites an address (POST /api/accountants/invites); whoever
 * holds that verified address signs in with their own account and accepts the mailed link
 * (POST /api/accountant-access/accept); from then on they may open the owner's books (PUT
 * /api/accountant-access/open) and read wallets, history, invoices and exports, and set categories and notes
 * if the owner allowed it. The owner sees and revokes access (GET, DELETE /api/accountants); the accountant
 * may leave (DELETE /api/accountant-access/:ownerId). Inviting asks for the owner's password and mails the
 * owner; a password reset suspends every access and invite until the owner confirms it again.
 */

/** Invites and grants one owner may have at once; each is a person who can read every movement. */
export const MAX_ACCOUNTANTS = 5;
/** How long an invite link works. */
export const ACCOUNTANT_INVITE_DAYS = 14;

export const inviteAccountantBodySchema = z.object({
  email: emailSchema,
  /** May the accountant set categories and notes (never anything else)? */
  annotate: z.boolean().default(false),
  /** The owner's password again: access to the books outlives the session that grants it. */
  password: stepUpPasswordSchema,
});
export type InviteAccountantBody = z.input<typeof inviteAccountantBodySchema>;

/** One row of the owner's "Accountant access" list: an invite still pending, or access granted. */
export const accountantAccessSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['invited', 'active']),
  /** The accountant's name once they accepted (may be empty: they never set one). */
  name: z.string().nullable(),
  annotate: z.boolean(),
  invitedAt: z.string(),
  /** When the invite link stops working (pending invites). */
  expiresAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** Updated at most once a minute while the accountant reads the books. */
  lastUsedAt: z.string().nullable(),
  /**
   * Set when a password reset (or "sign out everywhere" with the option) put the access or invite on hold: the
   * accountant reads nothing, and the link accepts nothing, until the owner confirms it with the password.
   */
  suspendedAt: z.string().nullable(),
});
export type AccountantAccess = z.infer<typeof accountantAccessSchema>;
export const accountantAccessListSchema = z.array(accountantAccessSchema);

/** POST /api/accountants/{id}/confirm → 200 AccountantAccess: a suspended access or invite stands again. */
export const confirmAccountantBodySchema = z.object({ password: confirmPasswordSchema });
export type ConfirmAccountantBody = z.infer<typeof confirmAccountantBodySchema>;

export const acceptInviteBodySchema = z.object({ token: z.string().min(1).max(128) });
export type AcceptInviteBody = z.infer<typeof acceptInviteBodySchema>;

export const readableBooksListSchema = z.array(readableBooksSchema);

/** PUT /api/accountant-access/open: whose books this session reads; null for one's own. */
export const openBooksBodySchema = z.object({ ownerId: z.string().min(1).max(100).nullable() });
export type OpenBooksBody = z.infer<typeof openBooksBodySchema>;
