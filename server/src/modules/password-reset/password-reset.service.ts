import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { PASSWORD_RESET_LINK_MINUTES } from '@contract/password-reset';
import { lockPerUser } from '../../db/per-user-lock';
import type { Database, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthService } from '../auth/auth.service';
import { hashPassword } from '../auth/password';
import { assertStrongPassword, ownerOf } from '../auth/password-strength';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import { findUser, findUserByEmail } from '../user/users';
import * as repo from './password-reset.repository';
import { passwordResetDoneMessage, passwordResetNotice, resetLinkMessage } from './password-reset.messages';

/** Links one address is sent per hour, whoever asks: enough for a lost email, too few to flood a mailbox. */
export const LINKS_PER_ADDRESS_PER_HOUR = 3;

const MINUTE = 60_000;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const expired = () =>
  new AppError(
    'BUSINESS_RULE',
    'This reset link has expired or was already used. Ask for a new one from the sign-in page.',
  );

interface ResetRow {
  email: string;
  expires_at: string;
  used_at: string | null;
}

/** A link works once, within its hour, and only while the account still has the verified address it went to. */
const usable = (link: ResetRow, user: UserRow, at: string) =>
  link.used_at === null &&
  link.expires_at > at &&
  user.email === link.email &&
  user.email_verified_at !== null;

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

/**
 * A way back in for someone who forgot the password: a single-use link (128 random bits, one hour, only its
 * hash stored) mailed to the account's verified address, then a new password that ends every session.
 */
export function createPasswordResetService(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  notifier: Notifier;
  auth: Pick<AuthService, 'replacePassword' | 'forgetSessionsOf'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db, mailer, notifier, auth, log } = deps;
  const now = deps.now ?? (() => new Date());
  const sending = new Set<Promise<void>>();

  async function sendLinkIfAllowed(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    // Only a verified address of a real account: a link to an address nobody proved would give the account to
    // whoever registered it. A demo's address is made up.
    if (!user || user.email_verified_at === null || Number(user.is_demo) === 1) return;
    const at = now();
    const sent = await db.transaction().execute(async (trx) => {
      await lockPerUser(trx, 'password-reset-links', user.id);
      const since = new Date(at.getTime() - 60 * MINUTE).toISOString();
      if ((await repo.countResetsSince(trx, user.id, since)) >= LINKS_PER_ADDRESS_PER_HOUR) return false;
      const token = randomBytes(16).toString('base64url');
      await repo.insertReset(trx, {
        id: tokenHash(token),
        user_id: user.id,
        email: user.email,
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + PASSWORD_RESET_LINK_MINUTES * MINUTE).toISOString(),
        used_at: null,
      });
      const link = mailer.link(`/reset-password?token=${token}`);
      await mailer.enqueue(trx, resetLinkMessage(user.email, user.id, link));
      return true;
    });
    if (sent) mailer.kick();
  }

  return {
    /**
     * Sends a link if the address may have one, in the background: called once the request has been answered,
     * so the answer, and how long it takes, are the same whether or not an account has the address.
     */
    request(email: string): void {
      const task = sendLinkIfAllowed(email).catch((error: unknown) =>
        log.error({ err: error }, 'password reset link not sent'),
      );
      sending.add(task);
      void task.finally(() => sending.delete(task));
    },

    /** Resolves once every link being sent is written (a graceful stop waits for it; so do tests). */
    async idle(): Promise<void> {
      await Promise.all([...sending]);
    },

    /**
     * Sets the new password: the link is spent, every session and passkey of the account ends, so does every
     * API key and webhook secret, accountants' access waits for the owner to confirm it again, and the owner
     * is told by email (with what ended) and notification. Two-factor is untouched, so the next sign-in still
     * asks for a code.
     */
    async confirm(token: string, password: string): Promise<void> {
      const id = tokenHash(token);
      const at = now().toISOString();
      // Judged before the password (and its hash) is spent on a link that cannot be used.
      const link = await repo.findReset(db, id);
      const user = link ? await findUser(db, link.user_id) : undefined;
      if (!link || !user || !usable(link, user, at)) throw expired();
      await assertStrongPassword(password, ownerOf(user), 'password');
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (trx) => {
        // Again, locked: two submissions of one link cannot both pass.
        const locked = await repo.findReset(trx, id);
        const current = await findUser(trx, user.id);
        if (!locked || !current || !usable(locked, current, at)) throw expired();
        await repo.retireOpenResets(trx, user.id, at);
        const revoked = await auth.replacePassword(trx, user.id, passwordHash);
        await mailer.enqueue(trx, passwordResetDoneMessage(current.email, user.id, revoked));
        await notifier.raise(trx, user.id, passwordResetNotice);
      });
      auth.forgetSessionsOf(user.id);
      mailer.kick();
    },

    /** A password changed another way: links still in a mailbox stop working (auth's onPasswordChanged). */
    async retireLinksOf(trx: Kysely<Database>, userId: string): Promise<void> {
      await repo.retireOpenResets(trx, userId, now().toISOString());
    },
  };
}
