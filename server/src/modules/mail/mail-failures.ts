import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Notice, Notifier } from '../notifications/notifier';

/** A message that has just failed for good, as its owner's notice is written from it. */
export interface FailedMail {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  ref: string | null;
  user_id: string | null;
  on_behalf_of: string | null;
}

/** Where the owner can act on a failed message of a kind (an invoice's own page, to send it again). */
export type FailureAction = (mail: FailedMail) => Pick<Notice, 'actionUrl' | 'actionText'> | null;

/**
 * Tells a message's owner, in the transaction that marks it failed, that it could not be delivered: the
 * account it was sent for (`on_behalf_of`, e.g. an invoice's owner), else the user it was addressed to. A
 * feature names where to act on its own kinds of mail; the mail module knows no features. A mailer built
 * without a notifier (a test's stand-in process) tells nobody.
 */
export function createFailureNotices(notifier: Notifier | undefined) {
  const actions = new Map<string, FailureAction>();
  return {
    registerAction(kind: string, action: FailureAction): void {
      actions.set(kind, action);
    },
    async tell(trx: Kysely<Database>, mail: FailedMail): Promise<void> {
      const owner = mail.on_behalf_of ?? mail.user_id;
      if (!notifier || !owner) return;
      await notifier.raise(trx, owner, {
        category: 'error',
        type: 'system',
        title: 'Email not delivered',
        message: `The email “${mail.subject}” to ${mail.to_address} could not be delivered: the mail server kept refusing it for a day.`,
        ...actions.get(mail.kind)?.(mail),
      });
    },
  };
}
