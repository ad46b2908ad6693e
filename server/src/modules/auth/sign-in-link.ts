import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import type { MailMessage, Mailer } from '../mail/mailer';
import * as repo from './sign-in-link.repository';

/**
 * The way back in for the owner of an account without two-factor while an attack from many addresses holds
 * its new-browser sign-ins back (login-throttle.ts): a right password then mails a one-time link to the
 * account's verified address. 128 random bits, SIGN_IN_LINK_MINUTES, single use, only its hash stored; the
 * browser that opens it becomes a known browser, which the attack no longer slows.
 */
export const SIGN_IN_LINK_KIND = 'sign-in-link';
export const SIGN_IN_LINK_MINUTES = 15;

export const signInLinkHash = (token: string) => createHash('sha256').update(token).digest('hex');

function newSignInLinkToken(): { token: string; id: string } {
  const token = randomBytes(16).toString('base64url');
  return { token, id: signInLinkHash(token) };
}

export type SignInLinkMailer = Pick<Mailer, 'enqueue' | 'link' | 'kick'>;

/** Mails a one-time sign-in link to a verified address (never a demo's), unless one is still out. */
export async function mailSignInLink(
  deps: { db: Kysely<Database>; mailer: SignInLinkMailer; now: () => Date },
  user: UserRow,
): Promise<void> {
  const { db, mailer } = deps;
  if (user.email_verified_at === null || Number(user.is_demo) === 1) return;
  const created = deps.now();
  const at = created.toISOString();
  const mailed = await db.transaction().execute(async (trx) => {
    if (await repo.findLiveSignInLink(trx, user.id, at)) return false;
    const { token, id } = newSignInLinkToken();
    const expiresAt = new Date(created.getTime() + SIGN_IN_LINK_MINUTES * 60_000).toISOString();
    await repo.insertSignInLink(trx, { id, user_id: user.id, created_at: at, expires_at: expiresAt });
    const link = mailer.link(`/sign-in-link?token=${token}`);
    await mailer.enqueue(trx, signInLinkMessage(user.email, user.id, link));
    return true;
  });
  if (mailed) mailer.kick();
}

function signInLinkMessage(to: string, userId: string, link: string): MailMessage {
  return {
    kind: SIGN_IN_LINK_KIND,
    to,
    userId,
    subject: 'Your one-time sign-in link for Meridian',
    actionUrl: link,
    text: [
      'Hello,',
      '',
      'Someone signed in to your Meridian account with your password while sign-ins from new browsers were paused after many failed attempts from other places.',
      '',
      `If this was you, open this link within ${SIGN_IN_LINK_MINUTES} minutes, in the browser you want to use. It works once:`,
      link,
      '',
      'If this was not you, someone knows your password: do not open the link, and change your password now.',
      '',
      'Meridian',
    ].join('\n'),
  };
}
