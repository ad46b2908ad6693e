import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { EMAIL_LINK_HOURS } from '@contract/email-verification';
import type { Database, UserRow } from '../../db/schema';
import type { Mailer } from '../mail/mailer';
import { verifyEmailMessage } from './email-verification.messages';
import * as repo from './email-verification.repository';

const HOUR = 3_600_000;

/** Only a link's hash is stored: whoever reads the table cannot open it. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Mails a new link for `email` (128 random bits, EMAIL_LINK_HOURS), in the caller's transaction; the user's
 * links still open stop working, so only the newest one does.
 */
export async function sendLink(
  deps: { mailer: Mailer; now: () => Date },
  trx: Kysely<Database>,
  user: UserRow,
  email: string,
  purpose: 'verify' | 'change',
): Promise<void> {
  const token = randomBytes(16).toString('base64url');
  const at = deps.now();
  await repo.retireOpenLinks(trx, user.id, at.toISOString());
  await repo.insertVerification(trx, {
    id: tokenHash(token),
    user_id: user.id,
    email,
    purpose,
    created_at: at.toISOString(),
    expires_at: new Date(at.getTime() + EMAIL_LINK_HOURS * HOUR).toISOString(),
    used_at: null,
  });
  const link = deps.mailer.link(`/verify-email?token=${token}`);
  await deps.mailer.enqueue(trx, verifyEmailMessage(email, user.id, link, purpose));
}
