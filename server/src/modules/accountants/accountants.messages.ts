import { ACCOUNTANT_INVITE_DAYS } from '@contract/accountants';
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
