import type { Kysely, Transaction } from 'kysely';
import type { PaymentRoute } from '@contract/invoices';
import { displayMoney, Money } from '@contract/money';
import type { Database, InvoiceRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { setAsideGoalsOf, withSetAside } from '../goals/set-aside';
import { houseAccountId } from '../ledger/house-accounts';
import { postEntry, type EntryInput } from '../ledger/ledger.service';
import type { Notifier } from '../notifications/notifier';
import type { WebhookEvents } from '../webhooks/webhook-events';
import type { HomeStamp } from './home-stamp';
import { walletToCredit } from './invoice-owners';
import { assertPayable, termsOf } from './payment-rules';
import * as repo from './invoices.repository';

export type { PaymentRoute };

/** One payment as recordInvoicePayment takes it. */
export interface InvoicePaymentInput {
  /** In the invoice's currency; at most what is outstanding (contract invoice-math.ts payableNow). */
  amount: Money;
  via: PaymentRoute;
  /** `amount` in the invoice's home currency at this payment's own rate (stampInHomeCurrency). */
  stamp: HomeStamp;
  /** Whether the money arrives in the owner's wallet (false: received outside Meridian). */
  credit: boolean;
  /**
   * A card payment: what the processor keeps, taken from the same wallet right after this entry. Savings
   * set-asides are shares of what is left, so the fee always finds the money it is taken from.
   */
  keptByProcessor?: Money;
  at: string;
}

/**
 * Records one payment of an invoice: a payment row valued in the home currency at its own rate, the invoice's
 * paid amount and status (partially_paid, or paid when nothing is left), and, when `credit` is set, the
 * amount in the owner's wallet of the invoice's currency as its own ledger entry and `invoice_payment`
 * history row (with any savings set-aside taken from it) — all in the caller's transaction. The owner is told.
 *
 * `invoice` must have been read locked in `trx` (ownInvoice(…, true) / findByPayToken(…, true)); the paid
 * amount also only moves from the value read, so two payments at once can never together pay more than the
 * total (the second is a 409, or a 422 once it would pay more than is left). An amount the contract's
 * paymentProblem refuses (more than outstanding, less than the deposit or minimum) is a 422. An overdue
 * invoice stays overdue until it is paid in full: what is left is still late.
 */
export async function recordInvoicePayment(
  trx: Transaction<Database>,
  deps: { notifier: Notifier; webhooks?: WebhookEvents | undefined },
  invoice: InvoiceRow,
  payment: InvoicePaymentInput,
): Promise<InvoiceRow> {
  const { amount } = payment;
  assertPayable(invoice, amount);
  const terms = termsOf(invoice);

  const paid = terms.paid + amount.minor;
  const settled = paid === terms.total;
  const homeBefore = invoice.paid_home_amount === null ? 0n : BigInt(invoice.paid_home_amount);
  const moved = await repo.addPaid(
    trx,
    invoice,
    terms.paid,
    settled ? 'paid' : invoice.status === 'overdue' ? 'overdue' : 'partially_paid',
    {
      paid_amount: paid,
      paid_at: settled ? payment.at : null,
      paid_via: payment.via,
      paid_rate: payment.stamp.rate,
      paid_home_amount: homeBefore + payment.stamp.homeAmount,
      updated_at: payment.at,
    },
  );
  if (!moved) {
    throw new AppError('CONFLICT', `Invoice ${invoice.number} was paid at the same moment: look at it again`);
  }

  const paymentId = newId();
  const entryId = payment.credit ? await creditWallet(trx, invoice, payment, paymentId, settled) : null;
  await repo.insertPayment(trx, {
    id: paymentId,
    invoice_id: invoice.id,
    amount: amount.minor,
    currency: invoice.currency,
    via: payment.via,
    rate: payment.stamp.rate,
    home_currency: invoice.home_currency,
    home_amount: payment.stamp.homeAmount,
    entry_id: entryId,
    paid_at: payment.at,
  });
  const row = entryId
    ? ((await repo.updateInvoice(trx, invoice.user_id, invoice.id, { payment_entry_id: entryId })) ?? moved)
    : moved;
  await deps.notifier.raise(trx, invoice.user_id, noticeOf(invoice, payment, paid, settled));
  if (settled) {
    await deps.webhooks?.record(trx, invoice.user_id, 'invoice.paid', {
      invoiceId: invoice.id,
      number: invoice.number,
      clientName: invoice.client_name,
      total: Money.of(BigInt(invoice.total_amount), invoice.currency).format(),
      currency: invoice.currency,
      paidVia: payment.via,
      paidAt: payment.at,
    });
  }
  return row;
}

function noticeOf(invoice: InvoiceRow, payment: InvoicePaymentInput, paid: bigint, settled: boolean) {
  const shown = displayMoney(payment.amount);
  const left = displayMoney(Money.of(BigInt(invoice.total_amount) - paid, invoice.currency));
  const where = payment.credit ? ` It is in your ${invoice.currency} wallet.` : '';
  const byHand = payment.via === 'manual';
  return {
    category: 'success' as const,
    type: 'payment' as const,
    title: settled ? 'Invoice paid' : 'Part payment received',
    message: byHand
      ? `${shown} was recorded as paid on invoice ${invoice.number}${settled ? ': it is paid in full.' : `; ${left} is left.`}`
      : `${invoice.client_name} paid ${shown} on invoice ${invoice.number}${settled ? ': it is paid in full.' : `; ${left} is left.`}${where}`,
    actionUrl: '/invoices',
    actionText: 'View',
  };
}

async function creditWallet(
  trx: Kysely<Database>,
  invoice: InvoiceRow,
  payment: InvoicePaymentInput,
  paymentId: string,
  settled: boolean,
): Promise<string> {
  const { amount } = payment;
  const walletId = await walletToCredit(trx, invoice.user_id, invoice.currency);
  const description = settled
    ? `Invoice ${invoice.number} paid by ${invoice.client_name}`
    : `Invoice ${invoice.number}: part payment from ${invoice.client_name}`;
  const entry: EntryInput = {
    kind: 'invoice_payment',
    description,
    metadata: { invoiceId: invoice.id, invoiceNumber: invoice.number, invoicePaymentId: paymentId },
    postings: [
      { accountId: walletId, amount },
      { accountId: houseAccountId('external', invoice.currency), amount: amount.negated() },
    ],
    transactions: [
      {
        user_id: invoice.user_id,
        wallet_id: walletId,
        type: 'invoice_payment',
        amount: amount.minor,
        currency: invoice.currency,
        counterparty: invoice.client_name,
        counterparty_email: invoice.client_email,
        description,
        status: 'completed',
      },
    ],
  };
  const goals = await setAsideGoalsOf(trx, invoice.user_id, invoice.currency);
  const net = payment.keptByProcessor ? amount.minus(payment.keptByProcessor) : amount;
  const posted = await postEntry(
    trx as Transaction<Database>,
    withSetAside(entry, { userId: invoice.user_id, walletId, arrived: net }, goals),
  );
  return posted.entryId;
}
