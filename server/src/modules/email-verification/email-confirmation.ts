import type { Kysely, Transaction } from 'kysely';
import type { VerifyEmailResponse } from '@contract/email-verification';
import type { Config } from '../../config/env';
import type { Database, UserRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { releaseStaleAddress } from '../auth/stale-address';
import { withMoneyTransaction } from '../../db/money-transaction';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import { assertEmailAvailable, findUser, markEmailVerified } from '../user/users';
import { emailChangedNotice } from './email-verification.messages';
import { emailChangedAlert, emailVerifiedAlert } from './email-verification.notices';
import * as repo from './email-verification.repository';
import { tokenHash } from './verification-link';

/**
 * Runs in the transaction that verifies an address, after the user row holds it (e.g. payments waiting for
 * the address land). Returns how many payments it delivered.
 */
export type EmailVerifiedHook = (trx: Transaction<Database>, user: UserRow) => Promise<number>;

const expired = () =>
  new AppError(
    'BUSINESS_RULE',
    'This verification link has expired or was already used. Sign in and send yourself a new one.',
  );

/**
 * Opens a link: the address is verified (or the account moves to it, and the old address is told) and
 * payments waiting for it land (the hooks), in one money transaction.
 */
export async function confirmEmail(
  deps: {
    db: Kysely<Database>;
    mailer: Mailer;
    notifier: Notifier;
    config: Config;
    now: () => Date;
    verifiedHooks: readonly EmailVerifiedHook[];
  },
  token: string,
): Promise<VerifyEmailResponse> {
  const { db, mailer, notifier, config, now } = deps;
  const result = await withMoneyTransaction(db, async (trx) => {
    const at = now().toISOString();
    const link = await repo.findLink(trx, tokenHash(token));
    if (!link || link.used_at !== null || link.expires_at <= at) throw expired();
    const before = await findUser(trx, link.user_id);
    if (!before) throw notFound('User');
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
    for (const hook of deps.verifiedHooks) deliveredPayments += await hook(trx, user);
    return { email: user.email, deliveredPayments };
  });
  mailer.kick();
  return result;
}
