import { translatorFor } from '@contract/i18n';
import { Money } from '@contract/money';
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

/** The invoice's own words and formats: its client's language (contract/src/locales). */
const wordsOf = (invoice: InvoiceRow) => {
  const words = translatorFor(invoice.language);
  return {
    ...words,
    total: words.money(Money.of(BigInt(invoice.total_amount), invoice.currency)),
    dueDate: words.day(invoice.due_date),
  };
};

/** What is left to pay on an invoice: its total less what has been paid. */
export const outstandingOf = (invoice: InvoiceRow) =>
  Money.of(BigInt(invoice.total_amount) - BigInt(invoice.paid_amount), invoice.currency);

/** The amount lines of an email: the total, and a deposit asked first or what is left after payments. */
function amountLines(invoice: InvoiceRow, words: ReturnType<typeof wordsOf>): string[] {
  const paid = BigInt(invoice.paid_amount);
  const deposit = BigInt(invoice.deposit_amount);
  const { t, money, total } = words;
  if (paid > 0n) {
    return [
      t('email.amountDuePartly', {
        amount: money(outstandingOf(invoice)),
        total,
        paid: money(Money.of(paid, invoice.currency)),
      }),
    ];
  }
  if (deposit > 0n) {
    return [
      t('email.amountDue', { amount: total }),
      t('email.depositFirst', { amount: money(Money.of(deposit, invoice.currency)) }),
    ];
  }
  return [t('email.amountDue', { amount: total })];
}

/**
 * What the owner wrote, quoted: their name, the client and the project are theirs, not Meridian's words. The
 * owner's address is proven (only a verified account sends invoices), so the template may state it.
 */
const writtenByOwner = (
  invoice: InvoiceRow,
  from: { name: string; email: string },
  { t }: ReturnType<typeof wordsOf>,
) =>
  quotedBlock(t('email.writtenBy', { email: from.email }), [
    [t('email.field.from'), from.name],
    [t('email.field.to'), invoice.client_name],
    [t('email.field.project'), invoice.project_title],
  ]);

/** The invoice to its client, in the client's language: what is due, by when, the pay link, and the PDF attached. */
export function invoiceMessage(
  invoice: InvoiceRow,
  from: { name: string; email: string },
  payUrl: string,
): MailMessage {
  const words = wordsOf(invoice);
  const { t, total, dueDate } = words;
  return {
    kind: 'invoice',
    to: invoice.client_email,
    userId: invoice.user_id,
    onBehalfOf: invoice.user_id,
    ref: mailRefOf(invoice.id),
    attachment: { kind: INVOICE_PDF_ATTACHMENT, id: invoice.id },
    actionUrl: payUrl,
    subject: t('email.subject', { number: invoice.number, sender: oneLine(from.name, 60), total, dueDate }),
    text: [
      t('email.hello'),
      '',
      t('email.received', { number: invoice.number, email: from.email }),
      '',
      ...amountLines(invoice, words),
      t('email.dueDate', { date: dueDate }),
      '',
      ...writtenByOwner(invoice, from, words),
      '',
      t('email.payOnline'),
      payUrl,
      '',
      t('email.attached'),
      '',
      t('email.questions', { email: from.email }),
      '',
      t('email.signature'),
    ].join('\n'),
  };
}

/**
 * A reminder for an overdue invoice, `daysLate` after its due date, for what is still outstanding, in the
 * client's language.
 */
export function reminderMessage(
  invoice: InvoiceRow,
  from: { name: string; email: string },
  payUrl: string,
  daysLate: number,
): MailMessage {
  const words = wordsOf(invoice);
  const { t, dueDate } = words;
  return {
    ...invoiceMessage(invoice, from, payUrl),
    kind: 'reminder',
    subject: t('reminder.subject', { number: invoice.number, sender: oneLine(from.name, 60) }),
    text: [
      t('email.hello'),
      '',
      t('reminder.late', { number: invoice.number, email: from.email, dueDate, days: daysLate }),
      '',
      ...amountLines(invoice, words),
      '',
      ...writtenByOwner(invoice, from, words),
      '',
      t('email.payOnline'),
      payUrl,
      '',
      t('reminder.alreadyPaid', { email: from.email }),
      '',
      t('email.signature'),
    ].join('\n'),
  };
}
