import type { TransferDelivery } from '@contract/transfers';
import { AppError } from '../../lib/errors';
import type { Party } from './transfers.repository';

/** How a party is shown to the other side: their name, or their address when they gave none. */
export const displayName = (party: Party) => `${party.first_name} ${party.last_name}`.trim() || party.email;

/** The sender and, if the address is someone's, its owner; refuses sending to oneself. */
export function senderAndRecipient(parties: Party[], userId: string, recipientEmail: string) {
  const me = parties.find((party) => party.id === userId);
  if (!me) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  if (me.email === recipientEmail) {
    throw new AppError(
      'BUSINESS_RULE',
      'You cannot send money to yourself. To move money between your own wallets, use Convert.',
      { recipientEmail: 'This is your own email' },
    );
  }
  return { me, recipient: parties.find((party) => party.id !== userId) };
}

/**
 * How a payment by email reaches its recipient, decided by who sends and who has the address:
 * - instant: the address belongs to a verified account in the sender's book (a demo pays demos only);
 * - held: a real sender, and no verified account has the address (yet): it waits for one;
 * - simulated: a demo sender, and the address is nobody's: a make-believe payout in the demo book.
 * Value never crosses between a demo and a real account: either way round is 422 DEMO_ACCOUNT.
 */
export function deliveryFor(sender: Party, recipient: Party | undefined): TransferDelivery {
  assertMayPayOthers(sender);
  const senderIsDemo = Number(sender.is_demo) === 1;
  if (recipient && (Number(recipient.is_demo) === 1) !== senderIsDemo) {
    const message = senderIsDemo
      ? 'A demo account can only pay other demo accounts or made-up outside recipients, never a real account'
      : 'This address belongs to a demo account, which cannot receive real money';
    throw new AppError('DEMO_ACCOUNT', message, { recipientEmail: message });
  }
  if (senderIsDemo) return recipient ? 'instant' : 'simulated';
  return recipient?.email_verified_at ? 'instant' : 'held';
}

/**
 * Recipients see who paid them (history, notifications, the mail to an unverified address), so only an
 * account whose address is proven may pay anyone: otherwise whoever registered someone else's address could
 * pay in that person's name. Checked before anything is priced or posted. (Demos start verified.)
 */
function assertMayPayOthers(sender: Party) {
  if (sender.email_verified_at === null) {
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      'Verify your email address before sending money: open the link we sent you, or ask for a new one.',
    );
  }
}
