import type { MailMessage } from '../mail/mailer';
import { oneLine, quotedBlock } from '../mail/mail-text';

/**
 * What a person is told about money sent to an address no verified account has yet. They may not know the
 * sender: the template states what Meridian knows (the sender's verified address, the amount, the date) and
 * quotes the name the sender gave. The note of the payment is not mailed.
 */
export function moneyWaitingMessage(details: {
  to: string;
  senderId: string;
  senderName: string;
  senderEmail: string;
  amount: string;
  returnOn: string;
  link: string;
}): MailMessage {
  return {
    kind: 'money-waiting',
    to: details.to,
    onBehalfOf: details.senderId,
    subject: `${oneLine(details.senderName, 60)} sent you ${details.amount} on Meridian`,
    actionUrl: details.link,
    text: [
      'Hello,',
      '',
      `${details.senderEmail}, an address Meridian has verified, sent you ${details.amount} through Meridian.`,
      '',
      ...quotedBlock(`The sender's name, as they gave it:`, [['From', details.senderName]]),
      '',
      `To receive it, create a Meridian account with this email address (or sign in to yours) and confirm the address by ${details.returnOn}. After that date the money goes back to the sender.`,
      '',
      details.link,
      '',
      'Meridian',
    ].join('\n'),
  };
}

export function heldOutcomeMessage(details: {
  to: string;
  userId: string;
  outcome: 'delivered' | 'returned';
  amount: string;
  recipientEmail: string;
}): MailMessage {
  const delivered = details.outcome === 'delivered';
  return {
    kind: delivered ? 'payment-delivered' : 'payment-returned',
    to: details.to,
    userId: details.userId,
    subject: delivered
      ? `Your payment to ${details.recipientEmail} has arrived`
      : `Your payment to ${details.recipientEmail} came back`,
    text: [
      'Hello,',
      '',
      delivered
        ? `${details.recipientEmail} confirmed their address, and the ${details.amount} you sent is now in their wallet.`
        : `Nobody confirmed ${details.recipientEmail} in time, so the payment of ${details.amount} was returned. The full amount you paid, fee included, is back in your wallet.`,
      '',
      'Meridian',
    ].join('\n'),
  };
}
