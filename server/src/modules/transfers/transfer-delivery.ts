import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database, TransactionRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { PostedEntry } from '../ledger/ledger.service';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import type { WebhookEvents } from '../webhooks/webhook-events';
import { moneyWaitingMessage } from './held-transfers.messages';
import { moneyReceivedNotice, moneySentNotice, paymentHeldNotice } from './transfer-notices';
import type { Payee, Sender } from './transfer-entry';
import type { TransferFigures } from './transfer-pricing';
import * as repo from './transfers.repository';

const DAY_MS = 86_400_000;

export interface PostedTransfer {
  sender: Sender;
  payee: Payee;
  figures: TransferFigures;
  posted: PostedEntry;
  /** The sender's `send` history row. */
  sent: TransactionRow;
}

/**
 * What a posted transfer writes besides its entry, in the same transaction: the notices of both sides; for
 * an address no verified account has yet the held payment and the mail telling its owner (sent after
 * commit); for a demo's outside recipient the simulated payout, pending until settlement (payouts.ts).
 */
export async function recordDelivery(
  trx: Kysely<Database>,
  deps: { mailer: Mailer; notifier: Notifier; config: Config; webhooks: WebhookEvents },
  { sender, payee, figures, posted, sent }: PostedTransfer,
): Promise<void> {
  const { mailer, notifier, config, webhooks } = deps;
  const sentEvent = {
    transactionId: sent.id,
    amount: figures.amount.format(),
    currency: figures.amount.currency,
    recipientEmail: payee.email,
  };
  if (payee.kind === 'customer') {
    await notifier.raiseMany(trx, [
      { userId: sender.userId, notice: moneySentNotice(figures.amount, payee.displayName) },
      { userId: payee.userId, notice: moneyReceivedNotice(figures.converted, sender.displayName) },
    ]);
    const received = posted.transactions.find((row) => row.user_id === payee.userId);
    await webhooks.recordEach(trx, [
      { userId: sender.userId, type: 'transfer.delivered', data: sentEvent },
      {
        userId: payee.userId,
        type: 'payment.received',
        data: {
          transactionId: received?.id ?? null,
          amount: figures.converted.format(),
          currency: figures.converted.currency,
          senderName: sender.displayName,
          senderEmail: sender.email,
        },
      },
    ]);
    return;
  }
  if (payee.kind === 'external') {
    await notifier.raise(trx, sender.userId, moneySentNotice(figures.amount, payee.email));
    await repo.insertPayout(trx, {
      id: newId(),
      user_id: sender.userId,
      transaction_id: sent.id,
      entry_id: posted.entryId,
      recipient_email: payee.email,
      currency: figures.converted.currency,
      amount: figures.converted.minor,
      status: 'pending',
      book: 'demo',
      created_at: posted.createdAt,
      settled_at: null,
      settlement_entry_id: null,
    });
    return;
  }
  const days = config.HELD_TRANSFER_RETURN_DAYS;
  await notifier.raise(trx, sender.userId, paymentHeldNotice(figures.amount, payee.email, days));
  await webhooks.record(trx, sender.userId, 'transfer.held', sentEvent);
  const returnAt = new Date(new Date(posted.createdAt).getTime() + days * DAY_MS);
  await repo.insertHeldTransfer(trx, {
    id: newId(),
    sender_id: sender.userId,
    transaction_id: sent.id,
    entry_id: posted.entryId,
    recipient_email: payee.email,
    currency: figures.converted.currency,
    amount: figures.converted.minor,
    status: 'held',
    created_at: posted.createdAt,
    return_at: returnAt.toISOString(),
    resolved_at: null,
    resolution_entry_id: null,
    recipient_id: null,
  });
  await mailer.enqueue(
    trx,
    moneyWaitingMessage({
      to: payee.email,
      senderId: sender.userId,
      senderName: sender.displayName,
      senderEmail: sender.email,
      amount: figures.converted.toString(),
      returnOn: returnAt.toISOString().slice(0, 10),
      link: mailer.link('/'),
    }),
  );
}
