import { displayMoney, Money } from '@contract/money';
import { formatDay } from '@contract/dates';
import type { InvoiceRow, UserRow } from '../../db/schema';
import type { MailMessage } from '../mail/mailer';
import { oneLine, quotedBlock } from '../mail/mail-text';
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

/** What is left to pay on an invoice: its total less what has been paid. */
export const outstandingOf = (invoice: InvoiceRow) =>
  Money.of(BigInt(invoice.total_amount) - BigInt(invoice.paid_amount), invoice.currency);

/** The amount lines of an email: the total, and a deposit asked first or what is left after payments. */
function amountLines(invoice: InvoiceRow): string[] {
  const paid = BigInt(invoice.paid_amount);
  const deposit = BigInt(invoice.deposit_amount);
  if (paid > 0n) {
    return [
      `Amount due: ${displayMoney(outstandingOf(invoice))} (of ${totalOf(invoice)}; ${displayMoney(Money.of(paid, invoice.currency))} paid)`,
    ];
  }
  if (deposit > 0n) {
    return [
      `Amount due: ${totalOf(invoice)}`,
      `Deposit due first: ${displayMoney(Money.of(deposit, invoice.currency))}`,
    ];
  }
  return [`Amount due: ${totalOf(invoice)}`];
}

/**
 * What the owner wrote, quoted: their name, the client and the project are theirs, not Meridian's words. The
 * owner's address is proven (only a verified account sends invoices), so the template may state it.
 */
const writtenByOwner = (invoice: InvoiceRow, from: { name: string; email: string }) =>
  quotedBlock(`Written by ${from.email}:`, [
    ['From', from.name],
    ['To', invoice.client_name],
    ['Project', invoice.project_title],
  ]);

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
    onBehalfOf: invoice.user_id,
    ref: mailRefOf(invoice.id),
    attachment: { kind: INVOICE_PDF_ATTACHMENT, id: invoice.id },
    actionUrl: payUrl,
    subject: `Invoice ${invoice.number} from ${oneLine(from.name, 60)}: ${totalOf(invoice)} due ${formatDay(invoice.due_date)}`,
    text: [
      'Hello,',
      '',
      `You have received invoice ${invoice.number} through Meridian from ${from.email}, an address Meridian has verified.`,
      '',
      ...amountLines(invoice),
      `Due date: ${formatDay(invoice.due_date)}`,
      '',
      ...writtenByOwner(invoice, from),
      '',
      'Pay online:',
      payUrl,
      '',
      'The invoice is attached as a PDF.',
      '',
      `Questions about this invoice? Write to ${from.email}.`,
      '',
      'Sent with Meridian',
    ].join('\n'),
  };
}

/** A reminder for an overdue invoice, `daysLate` after its due date, for what is still outstanding. */
export function reminderMessage(
  invoice: InvoiceRow,
  from: { name: string; email: string },
  payUrl: string,
  daysLate: number,
): MailMessage {
  return {
    ...invoiceMessage(invoice, from, payUrl),
    kind: 'reminder',
    subject: `Reminder: invoice ${invoice.number} from ${oneLine(from.name, 60)} is overdue`,
    text: [
      'Hello,',
      '',
      `A friendly reminder: invoice ${invoice.number} from ${from.email} was due on ${formatDay(invoice.due_date)} (${daysLate} ${daysLate === 1 ? 'day' : 'days'} ago).`,
      '',
      ...amountLines(invoice),
      '',
      ...writtenByOwner(invoice, from),
      '',
      'Pay online:',
      payUrl,
      '',
      `If you have already paid, thank you, and please let ${from.email} know.`,
      '',
      'Sent with Meridian',
    ].join('\n'),
  };
}
