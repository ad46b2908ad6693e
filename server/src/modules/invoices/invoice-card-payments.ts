import { kindOf } from '@contract/currencies';
import { paymentProblem } from '@contract/invoice-math';
import { AppError, notFound } from '../../lib/errors';
import type { PaidHandler } from '../payments/payment-purposes';
import { chargeAtQuote, payableByCard } from './invoice-card-quotes';
import type { InvoicesDeps } from './invoice-context';
import { senderOf } from './invoice-mail';
import { ownerOf, walletToCredit } from './invoice-owners';
import { recordInvoicePayment } from './invoice-payment';
import {
  assertFitsBesideHeld,
  assertPayable,
  isOpenForPayment,
  paymentAmountOf,
  termsOf,
} from './payment-rules';
import { stampInHomeCurrency } from './home-stamp';
import * as repo from './invoices.repository';

/**
 * An invoice paid by card through its pay link, on a server whose payment rail takes cards (Stripe): the link
 * opens a Checkout Session for the amount the client chose (what is due now by default), and the payments module's webhook calls `invoiceCardPaid` once
 * the card is charged. The same rules as the sandbox payment: an open invoice, an amount the contract allows, never by its owner.
 * A BTC/ETH invoice is charged in fiat at a held quote and credited in its own currency.
 */
export async function openInvoiceCheckout(
  deps: InvoicesDeps,
  token: string,
  request: { key: string; quoteId?: string | undefined; amount?: string | undefined },
  payerId?: string,
): Promise<{ checkoutUrl: string }> {
  const invoice = await payableByCard(deps, token, payerId);
  const amount = paymentAmountOf(invoice, request.amount);
  assertPayable(invoice, amount);
  // A BTC/ETH invoice is charged in fiat at the quote the pay page showed (invoice-card-quotes.ts).
  const crypto = kindOf(invoice.currency) === 'crypto';
  if (crypto && !request.quoteId) {
    throw new AppError('VALIDATION_FAILED', 'A card payment of a crypto invoice needs its quote', {
      quoteId: 'Required',
    });
  }
  const from = senderOf(await ownerOf(deps.db, invoice.user_id));
  const { url } = await deps.payments.checkout({
    purpose: 'invoice',
    userId: invoice.user_id,
    subjectId: invoice.id,
    amount,
    ...(crypto && { charge: chargeAtQuote(deps, invoice, amount, request.quoteId!) }),
    requestKey: request.key,
    description: `Invoice ${invoice.number} from ${from.name}`,
    returnPath: `/pay/${token}`,
    customerEmail: invoice.client_email,
    // Two payers at once never collect more than is due: each checkout holds its amount until it ends.
    admit: async (trx, held) => {
      const locked = await repo.findInvoice(trx, invoice.user_id, invoice.id, true);
      if (!locked) throw notFound('Invoice');
      assertFitsBesideHeld(locked, amount, await held());
    },
  });
  return { checkoutUrl: url };
}

/**
 * The card payment arrived: the invoice records it as a payment of the amount the checkout was opened for,
 * credited to the owner's wallet in the webhook's transaction. Null when the invoice no longer takes it (paid
 * by hand meanwhile, or another payment left less outstanding than this one): the money has arrived all the
 * same, so the payments module credits it as a plain card receipt rather than refusing the processor.
 */
export function invoiceCardPaid(deps: InvoicesDeps): PaidHandler {
  return async (trx, paid) => {
    const invoice = await repo.findInvoice(trx, paid.userId, paid.subjectId, true);
    if (!invoice || !isOpenForPayment(invoice)) return null;
    if (paymentProblem(termsOf(invoice), paid.amount.minor, invoice.currency)) return null;
    const stamp = await stampInHomeCurrency(deps.rates, paid.amount, invoice.home_currency);
    const recorded = await recordInvoicePayment(trx, deps, invoice, {
      amount: paid.amount,
      via: 'card',
      stamp,
      credit: true,
      keptByProcessor: paid.fee,
      at: paid.at,
    });
    const walletId = await walletToCredit(trx, invoice.user_id, invoice.currency);
    return { walletId, entryId: recorded.payment_entry_id! };
  };
}

/** The payer came back from the card processor's page without paying: their checkout on this invoice ends. */
export async function cancelInvoiceCheckout(deps: InvoicesDeps, token: string, checkoutId: string) {
  const invoice = await repo.findByPayToken(deps.db, token);
  if (!invoice || invoice.status === 'draft') throw notFound('Invoice');
  await deps.payments.cancelCheckout('invoice', invoice.id, checkoutId);
}
