import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  EMAIL_LINK_HOURS,
  type VerificationStatus,
  type VerifyEmailResponse,
} from '@contract/email-verification';
import type { Config } from '../../config/env';
import type { Database, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { findUserById, markEmailVerified } from '../user/user.repository';
import { assertEmailAvailable } from '../user/user.service';
import type { PasswordCheck } from '../auth/password-check';
import { releaseStaleAddress } from '../auth/stale-address';
import { withMoneyTransaction } from '../ledger/money-transaction';
import type { Mailer } from '../mail/mailer';
import * as repo from './email-verification.repository';
import type { Notifier } from '../notifications/notifier';
import { emailChangedAlert, emailVerifiedAlert } from './email-verification.notices';
import { VERIFY_EMAIL_KIND, emailChangedNotice, verifyEmailMessage } from './email-verification.messages';

/**
 * Runs in the transaction that verifies an address, after the user row holds it (e.g. payments waiting for
 * the address land). Returns how many payments it delivered.
 */
export type EmailVerifiedHook = (trx: Transaction<Database>, user: UserRow) => Promise<number>;

const HOUR = 3_600_000;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
const expired = () =>
  new AppError(
    'BUSINESS_RULE',
    'This verification link has expired or was already used. Sign in and send yourself a new one.',
  );

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;

/**
 * Email addresses are proven by a single-use link (128 random bits, 24 hours, only its hash stored). A new
 * account gets one; a change of address needs the current password and happens only when the new address
 * opens its link, and then the old address is told.
 */
export function createEmailVerificationService(deps: {
  db: Kysely<Database>;
  mailer: Mailer;
  notifier: Notifier;
  config: Config;
  /** The current password a change of address needs, counted per account (auth/password-check.ts). */
  checkPassword: PasswordCheck;
  now?: () => Date;
}) {
  const { db, mailer, notifier, config, checkPassword } = deps;
  const now = deps.now ?? (() => new Date());
  const verifiedHooks: EmailVerifiedHook[] = [];

  async function sendLink(trx: Kysely<Database>, user: UserRow, email: string, purpose: 'verify' | 'change') {
    const token = randomBytes(16).toString('base64url');
    const at = now();
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
    const link = mailer.link(`/verify-email?token=${token}`);
    await mailer.enqueue(trx, verifyEmailMessage(email, user.id, link, purpose));
  }

  async function userOf(trx: Kysely<Database>, userId: string) {
    const user = await findUserById(trx, userId);
    if (!user) throw notFound('User');
    return user;
  }

  return {
    onVerified(hook: EmailVerifiedHook) {
      verifiedHooks.push(hook);
    },

    /** For auth's onUserCreated hook: a new real account is sent its first link (demos start verified). */
    async welcome(trx: Kysely<Database>, user: UserRow) {
      if (user.email_verified_at === null) await sendLink(trx, user, user.email, 'verify');
    },

    /** Sends the pending link again (a change of address if one waits, else the account's address). */
    async resend(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const user = await userOf(trx, userId);
        const open = await repo.findOpenLink(trx, userId, now().toISOString());
        if (open?.purpose === 'change') return sendLink(trx, user, open.email, 'change');
        if (user.email_verified_at !== null) {
          throw new AppError('CONFLICT', 'Your email address is already verified');
        }
        return sendLink(trx, user, user.email, 'verify');
      });
      mailer.kick();
    },

    /** Starts a change of address: checks the password, then mails a link to the new address. */
    async requestChange(userId: string, email: string, currentPassword: string | undefined): Promise<void> {
      const user = await userOf(db, userId);
      if (email === user.email) return;
      if (Number(user.is_demo) === 1) {
        throw new AppError(
          'FORBIDDEN',
          'A demo account keeps its email address. Create an account to use yours.',
        );
      }
      if (!currentPassword) {
        throw new AppError('VALIDATION_FAILED', 'Enter your current password to change your email', {
          currentPassword: 'Required to change your email',
        });
      }
      // Counted in a transaction of its own before the link's: a wrong guess stays counted.
      await checkPassword(user, currentPassword, 'currentPassword');
      await db.transaction().execute(async (trx) => {
        await releaseStaleAddress(trx, email, now(), config.UNVERIFIED_EMAIL_RELEASE_DAYS);
        await assertEmailAvailable(trx, email);
        await sendLink(trx, user, email, 'change');
      });
      mailer.kick();
    },

    /** Opens a link: the address is verified (or the account moves to it) and waiting payments land. */
    async confirm(token: string): Promise<VerifyEmailResponse> {
      const result = await withMoneyTransaction(db, async (trx) => {
        const at = now().toISOString();
        const link = await repo.findLink(trx, tokenHash(token));
        if (!link || link.used_at !== null || link.expires_at <= at) throw expired();
        const before = await userOf(trx, link.user_id);
        // A sign-up's link proves the address the account still has; one whose address was released is dead.
        if (link.purpose === 'verify' && link.email !== before.email) throw expired();
        if (link.purpose === 'change') {
          await releaseStaleAddress(trx, link.email, now(), config.UNVERIFIED_EMAIL_RELEASE_DAYS);
          await assertEmailAvailable(trx, link.email, before.id);
        }
        await repo.retireOpenLinks(trx, before.id, at);
        const user = await markEmailVerified(trx, before.id, link.email, at);
        if (before.email !== user.email) {
          await mailer.enqueue(trx, emailChangedNotice(before.email, user.email, user.id));
          await notifier.raise(trx, user.id, emailChangedAlert(before.email, user.email));
        } else {
          await notifier.raise(trx, user.id, emailVerifiedAlert(user.email));
        }
        let deliveredPayments = 0;
        for (const hook of verifiedHooks) deliveredPayments += await hook(trx, user);
        return { email: user.email, deliveredPayments };
      });
      mailer.kick();
      return result;
    },

    async status(userId: string): Promise<VerificationStatus> {
      const user = await userOf(db, userId);
      const open = await repo.findOpenLink(db, userId, now().toISOString());
      const showLink = open !== undefined && config.SANDBOX && !mailer.delivers;
      const latest = showLink ? await mailer.latest(userId, VERIFY_EMAIL_KIND) : undefined;
      return {
        email: user.email,
        verified: user.email_verified_at !== null,
        pendingEmail: open?.purpose === 'change' ? open.email : null,
        sandboxLink: latest?.action_url ?? null,
      };
    },
  };
}
