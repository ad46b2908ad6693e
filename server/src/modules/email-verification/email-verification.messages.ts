import { EMAIL_LINK_HOURS } from '@contract/email-verification';
import type { MailMessage } from '../mail/mailer';

/** The mail kind whose link the sandbox shows (GET /api/auth/verification). */
export const VERIFY_EMAIL_KIND = 'verify-email';

export function verifyEmailMessage(to: string, userId: string, link: string, purpose: 'verify' | 'change') {
  const why =
    purpose === 'verify'
      ? 'Confirm this address to finish setting up your Meridian account. Until you do, payments sent to it wait for you.'
      : 'You asked to use this address for your Meridian account. It takes effect once you confirm it.';
  return {
    kind: VERIFY_EMAIL_KIND,
    to,
    userId,
    subject: 'Confirm your email address for Meridian',
    actionUrl: link,
    text: [
      'Hello,',
      '',
      why,
      '',
      `Open this link within ${EMAIL_LINK_HOURS} hours:`,
      link,
      '',
      'If you did not ask for this, ignore this email: nothing changes without the link.',
      '',
      'Meridian',
    ].join('\n'),
  } satisfies MailMessage;
}

export function emailChangedNotice(oldAddress: string, newAddress: string, userId: string) {
  return {
    kind: 'email-changed',
    to: oldAddress,
    userId,
    subject: 'Your Meridian email address was changed',
    text: [
      'Hello,',
      '',
      `The email address of your Meridian account is now ${newAddress}. Payments sent by email now go to that address, and this one no longer signs in.`,
      '',
      'If you did not make this change, contact Meridian support at once.',
      '',
      'Meridian',
    ].join('\n'),
  } satisfies MailMessage;
}
