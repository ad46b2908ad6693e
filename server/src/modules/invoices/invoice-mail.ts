import { displayMoney, Money } from '@contract/money';
import { formatDay } from '@contract/dates';
import type { InvoiceRow, UserRow } from '../../db/schema';
import type { MailMessage } from '../mail/mailer';
import { mailRefOf } from './invoices.repository';

/** Who an invoice is from: the owner's name, or their email when they have not given one. */
export const senderOf = (user: Pick<UserRow, 'first_name' | 'last_name' | 'email'>) => ({
  name: `${user.first_name} ${user.last_name}`.trim() || user.email,
  email: user.email,
});

/** Attachments of this kind are the invoice's PDF, rendered when the message goes out. */
export const INVOICE_PDF_ATTACHMENT = 'invoice-pdf';

const totalOf = (invoice: InvoiceRow) =>
  displayMoney(Money.of(BigInt(invoice.total_amount), invoice.currency));

/** The invoice to its client: what is due, by when, the pay link, and the PDF attached. */
export function invoiceMessage(
  invoice: InvoiceRow,
  from: { name: string; email: string },
  payUrl: string,
): MailMessage {
  return {
    kind: 'invoice',
    to: invoice.client_email,
    userId: invoice.user_id,
    ref: mailRefOf(invoice.id),
    attachment: { kind: INVOICE_PDF_ATTACHMENT, id: invoice.id },
    actionUrl: payUrl,
    subject: `Invoice ${invoice.number} from ${from.name}: ${totalOf(invoice)} due ${formatDay(invoice.due_date)}`,
    text: [
      `Hello ${invoice.client_name},`,
      '',
      `${from.name} has sent you invoice ${invoice.number} for “${invoice.project_title}”.`,
      '',
      `Amount due: ${totalOf(invoice)}`,
      `Due date: ${formatDay(invoice.due_date)}`,
      '',
      'Pay online:',
      payUrl,
      '',
      'The invoice is attached as a PDF.',
      '',
      `Questions about this invoice? Write to ${from.name} at ${from.email}.`,
      '',
      'Sent with Meridian',
    ].join('\n'),
  };
}

/** A reminder for an overdue invoice, `daysLate` after its due date. */
export function reminderMessage(
  invoice: InvoiceRow,
  from: { name: string; email: string },
  payUrl: string,
  daysLate: number,
): MailMessage {
  return {
    ...invoiceMessage(invoice, from, payUrl),
    kind: 'reminder',
    subject: `Reminder: invoice ${invoice.number} from ${from.name} is overdue`,
    text: [
      `Hello ${invoice.client_name},`,
      '',
      `A friendly reminder: invoice ${invoice.number} from ${from.name} for “${invoice.project_title}” was due on ${formatDay(invoice.due_date)} (${daysLate} ${daysLate === 1 ? 'day' : 'days'} ago).`,
      '',
      `Amount due: ${totalOf(invoice)}`,
      '',
      'Pay online:',
      payUrl,
      '',
      `If you have already paid, thank you, and please let ${from.name} know at ${from.email}.`,
      '',
      'Sent with Meridian',
    ].join('\n'),
  };
}
