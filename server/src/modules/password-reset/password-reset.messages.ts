import { PASSWORD_RESET_LINK_MINUTES } from '@contract/password-reset';
import type { MailMessage } from '../mail/mailer';
import type { Notice } from '../notifications/notifier';

export const RESET_LINK_KIND = 'password-reset';

/** The link, and nothing else about the account: whoever reads this mail learns no more than the address. */
export function resetLinkMessage(to: string, userId: string, link: string) {
  return {
    kind: RESET_LINK_KIND,
    to,
    userId,
    subject: 'Choose a new Meridian password',
    actionUrl: link,
    text: [
      'Hello,',
      '',
      'Someone (we hope you) asked to choose a new password for the Meridian account with this address.',
      '',
      `Open this link within ${PASSWORD_RESET_LINK_MINUTES} minutes to choose it. The link works once:`,
      link,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
      '',
      'Meridian',
    ].join('\n'),
  } satisfies MailMessage;
}

export function passwordResetDoneMessage(to: string, userId: string) {
  return {
    kind: 'password-reset-done',
    to,
    userId,
    subject: 'Your Meridian password was changed',
    text: [
      'Hello,',
      '',
      'The password of your Meridian account was just changed through a link sent to this address. Every',
      'device signed in to the account was signed out, and its passkeys were removed: add them again from',
      'your profile once you are signed in.',
      '',
      'If this was not you, contact Meridian support at once.',
      '',
      'Meridian',
    ].join('\n'),
  } satisfies MailMessage;
}

export const passwordResetNotice: Notice = {
  category: 'warning',
  type: 'security',
  title: 'Password reset',
  message:
    'Your password was changed through an emailed reset link: every session was signed out and every passkey removed. If this was not you, contact support at once.',
  actionUrl: '/profile',
  actionText: 'Review',
};
