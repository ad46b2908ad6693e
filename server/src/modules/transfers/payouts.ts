import type { Kysely, Transaction } from 'kysely';
import type { Currency } from '@contract/currencies';
import { Money } from '@contract/money';
import type { Config } from '../../config/env';
import type { Book, Database } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import { books, houseAccountId } from '../ledger/house-accounts';
import { inCeilingParts, postEntry, type PostingInput } from '../ledger/ledger.service';
import { withMoneyTransaction } from '../../db/money-transaction';
import type { Notifier } from '../notifications/notifier';
import { setTransactionStatus } from '../transactions/history';
import { payoutSettledNotice } from './transfer-notices';
import { existingUserIds } from '../user/users';
import * as repo from './transfers.repository';

const BATCH_SIZE = 200;

export interface SettleOptions {
  /** Payouts at least this old are due. */
  delaySeconds: number;
  now?: Date;
  batchSize?: number;
  /** Tells each sender their payout arrived. */
  notifier: Notifier;
}

/**
 * Pays out every external payout that has been pending for `delaySeconds`, in batches, as a payment rail
 * settles a batch file: one entry per batch moves the batch's total from payouts_pending to external in each
 * currency, and each payout and its sender's history row become `completed`. Safe to run on several servers
 * at once (claims skip rows another server holds). Returns how many payouts were settled. Tests call it
 * directly; the server runs it on a timer (payoutSettlementJob).
 */
export async function settleDuePayouts(db: Kysely<Database>, options: SettleOptions): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - options.delaySeconds * 1000).toISOString();
  const batchSize = options.batchSize ?? BATCH_SIZE;
  let settled = 0;
  for (;;) {
    const count = await withMoneyTransaction(db, async (trx) => {
      const due = await repo.claimDuePayouts(trx, cutoff, batchSize);
      // One entry per book: a demo's simulated payouts settle in the demo book, never against real money.
      for (const book of books) {
        const payouts = due.filter((payout) => payout.book === book);
        if (payouts.length > 0) await settleBatch(trx, book, payouts);
      }
      // A demo removed while its payout was pending has nobody left to tell.
      const senders = await existingUserIds(trx, [...new Set(due.map((payout) => payout.user_id))]);
      for (const payout of due.filter((each) => senders.has(each.user_id))) {
        const amount = Money.of(payout.amount, payout.currency);
        await options.notifier.raise(
          trx,
          payout.user_id,
          payoutSettledNotice(amount, payout.recipient_email),
        );
      }
      return due.length;
    });
    settled += count;
    if (count < batchSize) return settled;
  }
}

type DuePayout = Awaited<ReturnType<typeof repo.claimDuePayouts>>[number];

async function settleBatch(trx: Transaction<Database>, book: Book, due: DuePayout[]) {
  const totals = new Map<Currency, Money>();
  for (const payout of due) {
    const amount = Money.of(payout.amount, payout.currency);
    totals.set(payout.currency, (totals.get(payout.currency) ?? Money.zero(payout.currency)).plus(amount));
  }
  // A batch can total more than one posting may carry (the ceiling), so each total goes in parts.
  const postings: PostingInput[] = [...totals].flatMap(([, total]) =>
    inCeilingParts(total).flatMap((part) => [
      { accountId: houseAccountId('payouts_pending', part.currency), amount: part.negated() },
      { accountId: houseAccountId('external', part.currency), amount: part },
    ]),
  );
  const posted = await postEntry(trx, {
    kind: 'payout_settlement',
    description: `Settled ${due.length} external payout(s)`,
    book,
    postings,
  });
  await repo.markPayoutsSettled(trx, due, { entryId: posted.entryId, settledAt: posted.createdAt });
  await setTransactionStatus(
    trx,
    due.map((payout) => payout.transaction_id),
    'completed',
  );
}

/** The settlement job: every PAYOUT_SETTLEMENT_INTERVAL_SECONDS, settle what is PAYOUT_SETTLEMENT_DELAY_SECONDS old. */
export function payoutSettlementJob(config: Config): Job {
  return {
    name: 'settle-external-payouts',
    everyMs: config.PAYOUT_SETTLEMENT_INTERVAL_SECONDS * 1000,
    run: (app) =>
      settleDuePayouts(app.db, {
        delaySeconds: config.PAYOUT_SETTLEMENT_DELAY_SECONDS,
        notifier: app.notifier,
      }),
  };
}
