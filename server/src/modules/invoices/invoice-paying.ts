import { Money } from '@contract/money';
import type { Invoice, PublicInvoice } from '@contract/invoices';
import { AppError, notFound } from '../../lib/errors';
import { runIdempotent, type IdempotentRequest } from '../idempotency/idempotency';
import { withMoneyTransaction } from '../../db/money-transaction';
import { illegalMove, ownInvoice, type InvoicesDeps } from './invoice-context';
import { recordInvoicePayment } from './invoice-payment';
import { presentOne, publicInvoice } from './invoice-views';
import { stampInHomeCurrency } from './home-stamp';
import * as repo from './invoices.repository';

/** The two ways an invoice is paid: marked by its owner, or through its pay link by the client. */

/** sent|overdue → paid by hand: the client paid some other way. */
export async function markInvoicePaid(deps: InvoicesDeps, userId: string, id: string): Promise<Invoice> {
  const { db, config, notifier } = deps;
  const invoice = await ownInvoice(db, userId, id);
  if (invoice.status !== 'sent' && invoice.status !== 'overdue') throw illegalMove(invoice, 'paid');
  const total = Money.of(BigInt(invoice.total_amount), invoice.currency);
  const stamp = await stampInHomeCurrency(deps.rates, total, invoice.home_currency);
  return withMoneyTransaction(db, async (trx) => {
    const locked = await ownInvoice(trx, userId, id, true);
    const paid = await recordInvoicePayment(trx, { notifier }, locked, {
      via: 'manual',
      stamp,
      // On a sandbox server the recorded payment arrives in the wallet, as the pay link's would; on a real
      // one Meridian did not receive it, so no money is made up.
      credit: config.SANDBOX,
      at: new Date().toISOString(),
    });
    return presentOne(deps, trx, paid);
  });
}

/**
 * The client pays through the link: on a sandbox server a simulated payment, credited to the owner's
 * wallet exactly once (see recordInvoicePayment). The Idempotency-Key is kept among the owner's keys, so
 * a retried request answers as the first did. A server that is not a sandbox takes no payment here.
 * `payerId` is whoever is signed in, if anyone: a payer is never the invoice's own account (422), or a
 * sandbox's simulated payment would be a deposit past the sandbox's cap.
 */
export async function payInvoiceByLink(
  deps: InvoicesDeps,
  token: string,
  request: Omit<IdempotentRequest, 'userId'>,
  payerId?: string,
) {
  const { db, config, notifier } = deps;
  if (!config.SANDBOX || deps.payments.takesCards) {
    const how = deps.payments.takesCards ? 'pay by card' : 'pay as the invoice says';
    throw new AppError('FORBIDDEN', `This server takes no simulated payments: ${how}`);
  }
  const found = await repo.findByPayToken(db, token);
  if (!found || found.status === 'draft') throw notFound('Invoice');
  if (payerId === found.user_id) {
    throw new AppError('BUSINESS_RULE', 'This is your own invoice: only your client can pay it');
  }
  const total = Money.of(BigInt(found.total_amount), found.currency);
  const stamp = await stampInHomeCurrency(deps.rates, total, found.home_currency);
  return runIdempotent<PublicInvoice>(db, { ...request, userId: found.user_id }, async (trx) => {
    const invoice = await repo.findByPayToken(trx, token, true);
    if (!invoice) throw notFound('Invoice');
    await recordInvoicePayment(trx, { notifier }, invoice, {
      via: 'pay_link',
      stamp,
      credit: true,
      at: new Date().toISOString(),
    });
    return { status: 200, body: await publicInvoice(deps, trx, token) };
  });
}
