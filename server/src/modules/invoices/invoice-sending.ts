import { Money } from '@contract/money';
import type { Invoice, InvoiceEmailPreview } from '@contract/invoices';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../mail/mailer';
import { illegalMove, ownInvoice, payUrlOf, today, type InvoiceCoreDeps } from './invoice-context';
import { invoiceMessage, senderOf } from './invoice-mail';
import { ownerOf } from './invoice-owners';
import { presentOne } from './invoice-views';
import { stampInHomeCurrency } from './home-stamp';
import * as repo from './invoices.repository';

/**
 * draft → sent: stamped in the home currency, dated today (or `issueDate`: a recurring invoice keeps its
 * period's date), and emailed to the client with the PDF.
 */
export async function sendInvoice(
  deps: InvoiceCoreDeps,
  userId: string,
  id: string,
  options: { issueDate?: string } = {},
): Promise<Invoice> {
  const { db, mailer } = deps;
  const user = await ownerOf(db, userId);
  const draft = await ownInvoice(db, userId, id);
  if (draft.status !== 'draft') throw illegalMove(draft, 'sent');
  if (!user.is_demo && user.email_verified_at === null) {
    throw new AppError('EMAIL_NOT_VERIFIED', 'Confirm your email address before sending invoices to clients');
  }
  if (draft.due_date < today()) {
    throw new AppError('BUSINESS_RULE', 'The due date has passed: change it before sending the invoice', {
      dueDate: 'Has passed',
    });
  }
  const total = Money.of(BigInt(draft.total_amount), draft.currency);
  const stamp = await stampInHomeCurrency(deps.rates, total, user.home_currency);
  const sent = await db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    const moved = await repo.moveStatus(trx, id, ['draft'], 'sent', {
      sent_at: at,
      issue_date: options.issueDate ?? today(),
      home_currency: user.home_currency,
      issue_rate: stamp.rate,
      issue_home_amount: stamp.homeAmount,
      updated_at: at,
    });
    if (!moved) throw illegalMove({ ...draft, status: 'sent' }, 'sent');
    // A demo is play money: its invoices never email a real person. The pay link works all the same.
    if (!user.is_demo) {
      await mailer.enqueue(trx, invoiceMessage(moved, senderOf(user), payUrlOf(mailer, moved.pay_token)));
    }
    return presentOne(deps, trx, moved);
  });
  mailer.kick();
  return sent;
}

/** The email `sendInvoice` would enqueue, from the same template, for the owner to read before sending. */
export async function invoiceEmailPreview(
  deps: InvoiceCoreDeps,
  userId: string,
  id: string,
): Promise<InvoiceEmailPreview> {
  const user = await ownerOf(deps.db, userId);
  const invoice = await ownInvoice(deps.db, userId, id);
  const message = invoiceMessage(invoice, senderOf(user), payUrlOf(deps.mailer, invoice.pay_token));
  return { to: message.to, subject: message.subject, text: message.text, willEmail: !user.is_demo };
}

/**
 * "Send again" on an invoice whose newest email (the invoice itself, or a reminder) could not be delivered:
 * that email is queued again, with a new day of attempts. The owner's only (the route refuses accountants);
 * 409 when the email did not fail.
 */
export async function resendInvoiceEmail(
  deps: InvoiceCoreDeps,
  userId: string,
  id: string,
): Promise<Invoice> {
  const { db, mailer } = deps;
  const invoice = await ownInvoice(db, userId, id);
  const resent = await db.transaction().execute(async (trx) => {
    if (!(await mailer.sendAgain(trx, repo.mailRefOf(invoice.id)))) {
      throw new AppError(
        'CONFLICT',
        `The email of invoice ${invoice.number} did not fail: there is nothing to send again`,
      );
    }
    return presentOne(deps, trx, invoice);
  });
  mailer.kick();
  return resent;
}

/** A failed invoice email or reminder: its owner's notice opens the invoice, where "Send again" is. */
export function registerInvoiceMailFailures(mailer: Mailer) {
  const openInvoice = (mail: { ref: string | null }) =>
    mail.ref?.startsWith('invoice:')
      ? { actionUrl: `/invoices?invoice=${mail.ref.slice('invoice:'.length)}`, actionText: 'Open invoice' }
      : null;
  mailer.registerFailureAction('invoice', openInvoice);
  mailer.registerFailureAction('reminder', openInvoice);
}
