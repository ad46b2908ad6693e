import type { Kysely, Transaction } from 'kysely';
import { displayMoney, Money } from '@contract/money';
import type { Database, InvoiceRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { setAsideGoalsOf, withSetAside } from '../goals/set-aside';
import { houseAccountId } from '../ledger/house-accounts';
import { postEntry, type EntryInput } from '../ledger/ledger.service';
import type { Notifier } from '../notifications/notifier';
import type { HomeStamp } from './home-stamp';
import { walletToCredit } from './invoice-owners';
import * as repo from './invoices.repository';

export type PaymentRoute = 'pay_link' | 'manual' | 'card';

const alreadySettled = (invoice: InvoiceRow) =>
  invoice.status === 'paid'
    ? new AppError('CONFLICT', `Invoice ${invoice.number} is already paid`)
    : new AppError('CONFLICT', `Invoice ${invoice.number} has not been sent, so it cannot be paid yet`);

/**
 * Records an invoice's payment, once: the invoice moves from sent or overdue to paid only if it is still
 * there (a second payment, even at the same instant, finds nothing to move and is a 409), and in the same
 * transaction, when `credit` is set, the total arrives in the owner's wallet of the invoice's currency (opened
 * if missing) from the outside world, as an `invoice_payment` history row, with any savings set-aside taken
 * from it like from any other payment. The owner is told.
 *
 * `credit` is false only where money did not come through Meridian: a payment marked by hand on a server that
 * is not a sandbox records the invoice as settled without inventing the money.
 */
export async function recordInvoicePayment(
  trx: Transaction<Database>,
  deps: { notifier: Notifier },
  invoice: InvoiceRow,
  payment: { via: PaymentRoute; stamp: HomeStamp; credit: boolean; at: string },
): Promise<InvoiceRow> {
  if (invoice.status !== 'sent' && invoice.status !== 'overdue') throw alreadySettled(invoice);
  const moved = await repo.moveStatus(trx, invoice.id, ['sent', 'overdue'], 'paid', {
    paid_at: payment.at,
    paid_via: payment.via,
    paid_rate: payment.stamp.rate,
    paid_home_amount: payment.stamp.homeAmount,
    updated_at: payment.at,
  });
  if (!moved) throw alreadySettled({ ...invoice, status: 'paid' });

  const total = Money.of(BigInt(invoice.total_amount), invoice.currency);
  let paid = moved;
  if (payment.credit) {
    const entryId = await creditWallet(trx, invoice, total);
    paid =
      (await repo.updateInvoice(trx, invoice.user_id, invoice.id, { payment_entry_id: entryId })) ?? moved;
  }
  await deps.notifier.raise(trx, invoice.user_id, {
    category: 'success',
    type: 'payment',
    title: 'Invoice paid',
    message:
      payment.via !== 'manual'
        ? `${invoice.client_name} paid invoice ${invoice.number}: ${displayMoney(total)} is in your ${invoice.currency} wallet.`
        : `Invoice ${invoice.number} (${displayMoney(total)}) was marked as paid.`,
    actionUrl: '/invoices',
    actionText: 'View',
  });
  return paid;
}

async function creditWallet(trx: Kysely<Database>, invoice: InvoiceRow, total: Money): Promise<string> {
  const walletId = await walletToCredit(trx, invoice.user_id, invoice.currency);
  const description = `Invoice ${invoice.number} paid by ${invoice.client_name}`;
  const entry: EntryInput = {
    kind: 'invoice_payment',
    description,
    metadata: { invoiceId: invoice.id, invoiceNumber: invoice.number },
    postings: [
      { accountId: walletId, amount: total },
      { accountId: houseAccountId('external', invoice.currency), amount: total.negated() },
    ],
    transactions: [
      {
        user_id: invoice.user_id,
        wallet_id: walletId,
        type: 'invoice_payment',
        amount: total.minor,
        currency: invoice.currency,
        counterparty: invoice.client_name,
        counterparty_email: invoice.client_email,
        description,
        status: 'completed',
      },
    ],
  };
  const goals = await setAsideGoalsOf(trx, invoice.user_id, invoice.currency);
  const posted = await postEntry(
    trx as Transaction<Database>,
    withSetAside(entry, { userId: invoice.user_id, walletId, arrived: total }, goals),
  );
  return posted.entryId;
}
