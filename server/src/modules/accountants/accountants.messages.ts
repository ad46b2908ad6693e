import { ACCOUNTANT_INVITE_DAYS } from '@contract/accountants';
import type { NewCredentialNews } from '../auth/credential-guard';
import { oneLine, quotedBlock } from '../mail/mail-text';
import type { MailMessage } from '../mail/mailer';
import type { Notice } from '../notifications/notifier';

export const INVITE_KIND = 'accountant-invite';

/** The invite: who sent it (their name only quoted, as they typed it), what it allows, and the link. */
export function inviteMessage(args: {
  to: string;
  ownerId: string;
  ownerName: string;
  ownerEmail: string;
  annotate: boolean;
  link: string;
  ref: string;
}) {
  return {
    kind: INVITE_KIND,
    to: args.to,
    userId: null,
    onBehalfOf: args.ownerId,
    ref: `accountant-grant:${args.ref}`,
    subject: 'You are invited to read a Meridian customer’s books',
    actionUrl: args.link,
    text: [
      'Hello,',
      '',
      `The Meridian customer ${args.ownerEmail} invites you, as their accountant, to read their books: wallets,`,
      'history, invoices, statements, receipts and exports.',
      args.annotate
        ? 'You may also set categories and notes. You can never move money or change their account.'
        : 'You can read only: you can never move money or change their account.',
      '',
      ...quotedBlock('How they signed the invite:', [['Name', args.ownerName]]),
      '',
      `Open this link within ${ACCOUNTANT_INVITE_DAYS} days and sign in with your own Meridian account (or create`,
      'one with this address) to accept:',
      args.link,
      '',
      'If you do not know this person, ignore this email: nothing happens.',
      '',
      'Meridian',
    ].join('\n'),
  } satisfies MailMessage;
}

export function acceptedNotice(accountantEmail: string): Notice {
  return {
    category: 'info',
    type: 'security',
    title: 'Accountant access accepted',
    message: `${oneLine(accountantEmail, 254)} can now read your books. You can revoke it at any time in your profile.`,
    actionUrl: '/profile',
    actionText: 'Review',
  };
}

/** The owner's own mail and notification about an invite sent from their account. */
export function accountantInvitedNews(email: string, annotate: boolean): NewCredentialNews {
  return {
    kind: 'accountant-invited',
    title: 'Accountant invited to your books',
    summary: 'An invite to read your books was sent from your account.',
    details: [
      'An invite to read your Meridian books was just sent from your account. Whoever accepts it with the',
      'address below can read your wallets, history, invoices, statements and exports',
      annotate ? 'and set categories and notes. They can never move money.' : 'They can never move money.',
      '',
      ...quotedBlock('The address invited, as typed:', [['Email', email]]),
    ],
  };
}

/** The owner's mail and notification when an access a password reset put on hold stands again. */
export function accessConfirmedNews(email: string): NewCredentialNews {
  return {
    kind: 'accountant-confirmed',
    title: 'Accountant access confirmed',
    summary: 'Access to your books that was on hold was confirmed again.',
    details: [
      'Access to your Meridian books that was put on hold when your account was taken back (a password',
      'reset, or "sign out everywhere") was just confirmed again from your account. The address below can',
      'read your books once more.',
      '',
      ...quotedBlock('The address, as invited:', [['Email', email]]),
    ],
  };
}
