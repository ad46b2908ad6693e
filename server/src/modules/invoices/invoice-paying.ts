import { payableNow } from '@contract/invoice-math';
import { Money, parseRate } from '@contract/money';
import { valueIn } from '@contract/pricing';
import type { Invoice, PublicInvoice } from '@contract/invoices';
import type { InvoiceRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { runIdempotent, type IdempotentRequest } from '../idempotency/idempotency';
import { withMoneyTransaction } from '../../db/money-transaction';
import { illegalMove, ownInvoice, type InvoicesDeps } from './invoice-context';
import { recordInvoicePayment } from './invoice-payment';
import { paymentAmountOf, termsOf } from './payment-rules';
import { presentOne, publicInvoice } from './invoice-views';
import { stampInHomeCurrency } from './home-stamp';
import * as repo from './invoices.repository';

/** The ways an invoice is paid: marked paid or part-paid by its owner, or through its pay link by the client. */

const OPEN = new Set<InvoiceRow['status']>(['sent', 'partially_paid', 'overdue']);

/**
 * sent|partially_paid|overdue → paid by hand: the client paid the rest some other way. On a sandbox server
 * the recorded payment arrives in the wallet, as the pay link's would; on a real one Meridian did not
 * receive it, so no money is made up.
 */
export async function markInvoicePaid(deps: InvoicesDeps, userId: string, id: string): Promise<Invoice> {
  const found = await ownInvoice(deps.db, userId, id);
  if (!OPEN.has(found.status)) throw illegalMove(found, 'paid');
  return recordTheRest(deps, userId, found, payableNow(termsOf(found)).outstanding);
}

/**
 * A payment the owner received some other way (POST /api/invoices/{id}/payments), any amount the contract's
 * payment rules allow; the Idempotency-Key is the owner's, so a retried request answers as the first did.
 */
export async function recordPartPayment(
  deps: InvoicesDeps,
  request: IdempotentRequest,
  id: string,
  body: { amount: string },
) {
  const found = await ownInvoice(deps.db, request.userId, id);
  if (!OPEN.has(found.status)) throw illegalMove(found, 'paid');
  const amount = paymentAmountOf(found, body.amount);
  const stamp = await stampInHomeCurrency(deps.rates, amount, found.home_currency);
  return runIdempotent<Invoice>(deps.db, request, async (trx) => {
    const locked = await ownInvoice(trx, request.userId, id, true);
    const paid = await recordInvoicePayment(trx, deps, locked, {
      amount,
      via: 'manual',
      stamp,
      credit: deps.config.SANDBOX,
      at: new Date().toISOString(),
    });
    return { status: 201, body: await presentOne(deps, trx, paid) };
  });
}

/** The rest of the invoice, marked paid: what is outstanding once the lock is held. */
async function recordTheRest(deps: InvoicesDeps, userId: string, found: InvoiceRow, minor: bigint) {
  const stamp = await stampInHomeCurrency(deps.rates, Money.of(minor, found.currency), found.home_currency);
  return withMoneyTransaction(deps.db, async (trx) => {
    const locked = await ownInvoice(trx, userId, found.id, true);
    if (!OPEN.has(locked.status)) throw illegalMove(locked, 'paid');
    const rest = payableNow(termsOf(locked)).outstanding;
    // Paid in part meanwhile: the rest is less, valued at the same rate.
    const restStamp =
      rest === minor
        ? stamp
        : {
            rate: stamp.rate,
            homeAmount: valueIn(Money.of(rest, locked.currency), locked.home_currency, parseRate(stamp.rate))
              .minor,
          };
    const paid = await recordInvoicePayment(trx, deps, locked, {
      amount: Money.of(rest, locked.currency),
      via: 'manual',
      stamp: restStamp,
      credit: deps.config.SANDBOX,
      at: new Date().toISOString(),
    });
    return presentOne(deps, trx, paid);
  });
}

/**
 * The client pays through the link: on a sandbox server a simulated payment of `amount` (default: what is due
 * now), credited to the owner's wallet exactly once (see recordInvoicePayment). The Idempotency-Key is kept
 * among the owner's keys, so a retried request answers as the first did. A server that is not a sandbox
 * takes no payment here. `payerId` is whoever is signed in, if anyone: a payer is never the invoice's own
 * account (422), or a sandbox's simulated payment would be a deposit past the sandbox's cap.
 */
export async function payInvoiceByLink(
  deps: InvoicesDeps,
  token: string,
  request: Omit<IdempotentRequest, 'userId'>,
  payerId?: string,
  asked?: string,
) {
  const { db, config } = deps;
  if (!config.SANDBOX || deps.payments.takesCards) {
    const how = deps.payments.takesCards ? 'pay by card' : 'pay as the invoice says';
    throw new AppError('FORBIDDEN', `This server takes no simulated payments: ${how}`);
  }
  const found = await repo.findByPayToken(db, token);
  if (!found || found.status === 'draft') throw notFound('Invoice');
  if (payerId === found.user_id) {
    throw new AppError('BUSINESS_RULE', 'This is your own invoice: only your client can pay it');
  }
  const amount = paymentAmountOf(found, asked);
  const stamp = await stampInHomeCurrency(deps.rates, amount, found.home_currency);
  return runIdempotent<PublicInvoice>(db, { ...request, userId: found.user_id }, async (trx) => {
    const invoice = await repo.findByPayToken(trx, token, true);
    if (!invoice) throw notFound('Invoice');
    await recordInvoicePayment(trx, deps, invoice, {
      amount,
      via: 'pay_link',
      stamp,
      credit: true,
      at: new Date().toISOString(),
    });
    return { status: 200, body: await publicInvoice(deps, trx, token) };
  });
}
