import type { Kysely } from 'kysely';
import type { VerificationStatus, VerifyEmailResponse } from '@contract/email-verification';
import type { Config } from '../../config/env';
import type { Database, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { PasswordCheck } from '../auth/password-check';
import { releaseStaleAddress } from '../auth/stale-address';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import { assertEmailAvailable, findUser } from '../user/users';
import { confirmEmail, type EmailVerifiedHook } from './email-confirmation';
import { VERIFY_EMAIL_KIND } from './email-verification.messages';
import * as repo from './email-verification.repository';
import { sendLink } from './verification-link';

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

  const send = (trx: Kysely<Database>, user: UserRow, email: string, purpose: 'verify' | 'change') =>
    sendLink({ mailer, now }, trx, user, email, purpose);

  async function userOf(trx: Kysely<Database>, userId: string) {
    const user = await findUser(trx, userId);
    if (!user) throw notFound('User');
    return user;
  }

  return {
    onVerified(hook: EmailVerifiedHook) {
      verifiedHooks.push(hook);
    },

    /** For auth's onUserCreated hook: a new real account is sent its first link (demos start verified). */
    async welcome(trx: Kysely<Database>, user: UserRow) {
      if (user.email_verified_at === null) await send(trx, user, user.email, 'verify');
    },

    /** Sends the pending link again (a change of address if one waits, else the account's address). */
    async resend(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const user = await userOf(trx, userId);
        const open = await repo.findOpenLink(trx, userId, now().toISOString());
        if (open?.purpose === 'change') return send(trx, user, open.email, 'change');
        if (user.email_verified_at !== null) {
          throw new AppError('CONFLICT', 'Your email address is already verified');
        }
        return send(trx, user, user.email, 'verify');
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
        await send(trx, user, email, 'change');
      });
      mailer.kick();
    },

    /** Opens a link: the address is verified (or the account moves to it) and waiting payments land. */
    confirm: (token: string): Promise<VerifyEmailResponse> =>
      confirmEmail({ db, mailer, notifier, config, now, verifiedHooks }, token),

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
