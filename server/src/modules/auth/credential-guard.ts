import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import { unauthenticated } from '../../lib/errors';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import { findUser } from '../user/users';
import type { PasswordCheck } from './password-check';

/** What the owner is told of a new standing credential: by mail, and by a security notification. */
export interface NewCredentialNews {
  /** The mail's kind in the outbox, e.g. `api-key-created`. */
  kind: string;
  /** The mail's subject and the notification's title. */
  title: string;
  /** The notification's sentence. */
  summary: string;
  /** The mail's account of what was made and what it can do (anything the user typed in a quoted block). */
  details: string[];
}

export type CredentialGuard = ReturnType<typeof createCredentialGuard>;

/**
 * What a new way into the account that works without a session (an API key, a webhook endpoint, an
 * accountant's invite) goes through, as a passkey's registration does: the owner's password again, counted
 * per account (password-check.ts), since a stolen session alone must not leave something behind that
 * outlives it; then, in the transaction that makes it, a mail to the owner's address and a security
 * notification, so the owner hears of it even while someone else holds their browser.
 */
export function createCredentialGuard(deps: {
  db: Kysely<Database>;
  checkPassword: PasswordCheck;
  mailer: Mailer;
  notifier: Notifier;
}) {
  const { db, checkPassword, mailer, notifier } = deps;

  function mailText(news: NewCredentialNews): string {
    return [
      'Hello,',
      '',
      ...news.details,
      '',
      'You can see it, and revoke it at once, in your profile:',
      mailer.link('/profile'),
      '',
      'If this was not you, someone is signed in to your account and knows your password. Revoke it now,',
      'then choose a new password with "Forgot password?" on the sign-in page: a reset ends every session,',
      'API key, webhook secret and accountant access at once.',
      '',
      'Meridian',
    ].join('\n');
  }

  return {
    /** The owner, once they gave their password again (a demo account has none, and gives none). */
    async confirm(userId: string, password: string): Promise<UserRow> {
      const user = await findUser(db, userId);
      if (!user) throw unauthenticated();
      if (Number(user.is_demo) !== 1) await checkPassword(user, password);
      return user;
    },

    /** The mail and the notification, in the transaction that makes the credential (a demo's made-up address is not mailed). */
    async announce(trx: Kysely<Database>, user: UserRow, news: NewCredentialNews): Promise<void> {
      if (Number(user.is_demo) !== 1) {
        await mailer.enqueue(trx, {
          kind: news.kind,
          to: user.email,
          userId: user.id,
          subject: news.title,
          text: mailText(news),
        });
      }
      await notifier.raise(trx, user.id, {
        category: 'warning',
        type: 'security',
        title: news.title,
        message: `${news.summary} If this was not you, revoke it and reset your password now.`,
        actionUrl: '/profile',
        actionText: 'Review',
      });
    },

    /** After the commit: the mail goes out. */
    sent: () => mailer.kick(),
  };
}
