import { createHash, randomBytes } from 'node:crypto';
import type { MailMessage } from '../mail/mailer';

/**
 * The way back in for the owner of an account without two-factor while an attack from many addresses holds
 * its new-browser sign-ins back (login-throttle.ts): a right password then mails a one-time link to the
 * account's verified address. 128 random bits, SIGN_IN_LINK_MINUTES, single use, only its hash stored; the
 * browser that opens it becomes a known browser, which the attack no longer slows.
 */
export const SIGN_IN_LINK_KIND = 'sign-in-link';
export const SIGN_IN_LINK_MINUTES = 15;

export const signInLinkHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function newSignInLinkToken(): { token: string; id: string } {
  const token = randomBytes(16).toString('base64url');
  return { token, id: signInLinkHash(token) };
}

export function signInLinkMessage(to: string, userId: string, link: string): MailMessage {
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
