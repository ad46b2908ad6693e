import { PASSWORD_RESET_LINK_MINUTES } from '@contract/password-reset';
import type { RevokedCredentials } from '@contract/security';
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

/** What else a reset ended, one line each, for whatever the account had. */
function standingLines(revoked: RevokedCredentials): string[] {
  const lines = [
    revoked.apiKeys > 0 &&
      `- ${revoked.apiKeys} API key${revoked.apiKeys === 1 ? '' : 's'} revoked: make new ones for your scripts.`,
    revoked.webhookEndpoints > 0 &&
      `- ${revoked.webhookEndpoints} webhook endpoint${revoked.webhookEndpoints === 1 ? '' : 's'} turned off, signing secrets replaced: rotate the secret, then turn it on.`,
    revoked.accountants > 0 &&
      `- ${revoked.accountants} accountant access${revoked.accountants === 1 ? '' : 'es'} and invites on hold: they read nothing until you confirm each.`,
  ].filter((line): line is string => typeof line === 'string');
  if (lines.length === 0) return [];
  return [
    '',
    'Whatever reached the account without signing in was stopped too, in case whoever had your password made',
    'it. Review each in your profile:',
    ...lines,
  ];
}

export function passwordResetDoneMessage(to: string, userId: string, revoked: RevokedCredentials) {
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
      ...standingLines(revoked),
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
    'Your password was changed through an emailed reset link: every session was signed out, every passkey and API key removed, webhook endpoints turned off and accountants’ access put on hold until you confirm it. If this was not you, contact support at once.',
  actionUrl: '/profile',
  actionText: 'Review',
};
