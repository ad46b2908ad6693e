import type { Kysely, Transaction } from 'kysely';
import { Money } from '@contract/money';
import type { Database, UserRow } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import { houseAccountId } from '../ledger/house-accounts';
import { postEntry, type EntryInput } from '../ledger/ledger.service';
import { setAsideGoalsOf, withSetAside } from '../goals/set-aside';
import { withMoneyTransaction } from '../../db/money-transaction';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import { ensureWallet } from '../wallets/wallets';
import { heldDeliveredNotice, heldReturnedNotice, moneyReceivedNotice } from './transfer-notices';
import { noWebhooks, type WebhookEvents } from '../webhooks/webhook-events';
import { heldOutcomeMessage } from './held-transfers.messages';
import { descriptionOf, setTransactionStatus } from '../transactions/history';
import { findUser } from '../user/users';
import * as repo from './transfers.repository';

/**
 * Money sent by email to an address that no verified account has yet waits in the held_transfers house
 * account (the send's own entry put it there, see transfer-entry.ts). It lands when an account verifies the
 * address (`deliverHeldTransfers`, in the verifying transaction), or after HELD_TRANSFER_RETURN_DAYS the send
 * is reversed posting for posting, fee included (`returnDueHeldTransfers`). The sender is mailed either way.
 * Both entries are in the live book explicitly: a held payment is real money and never lands in a demo.
 */

type Held = Awaited<ReturnType<typeof repo.claimHeldFor>>[number];

const amountOf = (held: Held) => Money.of(held.amount, held.currency);

/** Who is told of a held payment's outcome, by email and in the app. */
export interface HeldOutcomeMessengers {
  mailer: Mailer;
  notifier: Notifier;
  webhooks?: WebhookEvents;
}

/** For email verification's onVerified hook: every payment waiting for the user's address lands now. */
export async function deliverHeldTransfers(
  trx: Transaction<Database>,
  user: UserRow,
  { mailer, notifier, webhooks = noWebhooks }: HeldOutcomeMessengers,
): Promise<number> {
  const waiting = await repo.claimHeldFor(trx, user.email);
  for (const held of waiting) {
    const amount = amountOf(held);
    const walletId = await ensureWallet(trx, user.id, amount.currency);
    const description = await descriptionOf(trx, held.transaction_id);
    const sender = await findUser(trx, held.sender_id);
    if (!sender) throw new Error(`Held payment ${held.id} has no sender`);
    const senderName = `${sender.first_name} ${sender.last_name}`.trim() || sender.email;
    const delivery: EntryInput = {
      kind: 'held_transfer_delivery',
      description: `Held payment delivered to ${user.email}`,
      book: 'live',
      postings: [
        { accountId: houseAccountId('held_transfers', amount.currency), amount: amount.negated() },
        { accountId: walletId, amount },
      ],
      transactions: [
        {
          user_id: user.id,
          wallet_id: walletId,
          type: 'receive',
          amount: amount.minor,
          currency: amount.currency,
          recipient_email: user.email,
          counterparty: senderName,
          counterparty_email: sender.email,
          description: description ?? 'Money Transfer',
          status: 'completed',
        },
      ],
    };
    const goals = await setAsideGoalsOf(trx, user.id, amount.currency);
    const posted = await postEntry(
      trx,
      withSetAside(delivery, { userId: user.id, walletId, arrived: amount }, goals),
    );
    await setTransactionStatus(trx, [held.transaction_id], 'completed');
    await repo.resolveHeldTransfer(trx, held.id, {
      status: 'delivered',
      entryId: posted.entryId,
      at: posted.createdAt,
      recipientId: user.id,
    });
    await notifier.raise(trx, user.id, moneyReceivedNotice(amount, senderName));
    await notifier.raise(trx, held.sender_id, heldDeliveredNotice(amount, user.email));
    const event = { amount: amount.format(), currency: amount.currency };
    await webhooks.record(trx, held.sender_id, 'transfer.delivered', {
      ...event,
      transactionId: held.transaction_id,
      recipientEmail: user.email,
    });
    await webhooks.record(trx, user.id, 'payment.received', {
      ...event,
      transactionId: posted.transactions.find((row) => row.user_id === user.id)?.id ?? null,
      senderName,
      senderEmail: sender.email,
    });
    await mailer.enqueue(
      trx,
      heldOutcomeMessage({
        to: sender.email,
        userId: held.sender_id,
        outcome: 'delivered',
        amount: amount.toString(),
        recipientEmail: user.email,
      }),
    );
  }
  return waiting.length;
}

const BATCH_SIZE = 100;

/** Sends back every held payment whose time is up. Safe on several servers at once. Returns how many. */
export async function returnDueHeldTransfers(
  db: Kysely<Database>,
  { mailer, notifier, webhooks = noWebhooks }: HeldOutcomeMessengers,
  now = new Date(),
): Promise<number> {
  let returned = 0;
  for (;;) {
    const count = await withMoneyTransaction(db, async (trx) => {
      const due = await repo.claimDueReturns(trx, now.toISOString(), BATCH_SIZE);
      for (const held of due) {
        const original = await repo.postingsOfEntry(trx, held.entry_id);
        const posted = await postEntry(trx, {
          kind: 'held_transfer_return',
          description: `Unclaimed payment to ${held.recipient_email} returned`,
          book: 'live',
          postings: original.map((posting) => ({
            accountId: posting.account_id,
            amount: Money.of(-BigInt(posting.amount), posting.currency),
          })),
        });
        await setTransactionStatus(trx, [held.transaction_id], 'returned');
        await repo.resolveHeldTransfer(trx, held.id, {
          status: 'returned',
          entryId: posted.entryId,
          at: posted.createdAt,
        });
        const to = (await findUser(trx, held.sender_id))?.email;
        if (to) {
          await notifier.raise(trx, held.sender_id, heldReturnedNotice(amountOf(held), held.recipient_email));
          await webhooks.record(trx, held.sender_id, 'transfer.returned', {
            transactionId: held.transaction_id,
            amount: amountOf(held).format(),
            currency: held.currency,
            recipientEmail: held.recipient_email,
          });
          await mailer.enqueue(
            trx,
            heldOutcomeMessage({
              to,
              userId: held.sender_id,
              outcome: 'returned',
              amount: amountOf(held).toString(),
              recipientEmail: held.recipient_email,
            }),
          );
        }
      }
      return due.length;
    });
    returned += count;
    if (count > 0) mailer.kick();
    if (count < BATCH_SIZE) return returned;
  }
}

/** Every minute: return what nobody claimed within HELD_TRANSFER_RETURN_DAYS (a day's delay is fine). */
export function heldTransferReturnJob(mailer: Mailer, webhooks?: WebhookEvents): Job {
  return {
    name: 'return-unclaimed-transfers',
    everyMs: 60_000,
    run: (app) => returnDueHeldTransfers(app.db, { mailer, notifier: app.notifier, webhooks }),
  };
}
