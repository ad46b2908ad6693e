import type { Invoice } from '@contract/invoices';

/** What the invoice's email did, in a sentence; null when there is nothing to say (a draft). */
export function emailStatusText(invoice: Invoice, formatTime: (iso: string) => string): string | null {
  const { email } = invoice;
  if (!email) {
    return invoice.status === 'draft'
      ? null
      : 'No email was sent: demo accounts never email clients. Share the pay link instead.';
  }
  const what = email.kind === 'reminder' ? 'Reminder' : 'Invoice';
  switch (email.status) {
    case 'stored':
      return `Not emailed: no mail server configured. ${what} kept in the outbox; share the pay link with ${email.to} yourself.`;
    case 'pending':
      return `${what} waiting to be emailed to ${email.to}.`;
    case 'sent':
      return `${what} emailed to ${email.to} on ${formatTime(email.at)}.`;
    case 'failed':
      return `The ${what.toLowerCase()} to ${email.to} could not be delivered: the mail server kept refusing it for a day. Send it again, or share the pay link.`;
  }
}
