import type { Kysely } from 'kysely';
import type { Database, PaymentScheduleRow } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import { AppError } from '../../lib/errors';
import type { FxService } from '../fx/fx.service';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import type { WebhookEvents } from '../webhooks/webhook-events';
import type { TransfersService } from '../transfers/transfers.service';
import { findUser } from '../user/users';
import { dayOf, positionFrom } from './payment-schedule-dates';
import { waitingMail, waitingNotice } from './payment-notices';
import { runRequest } from './payment-run-keys';
import * as repo from './payment-schedules.repository';

const BATCH = 100;

export interface PaymentRunDeps {
  db: Kysely<Database>;
  notifier: Notifier;
  mailer: Pick<Mailer, 'enqueue' | 'kick' | 'link'>;
  transfers: Pick<TransfersService, 'send'>;
  fx: Pick<FxService, 'convert'>;
  /** Tries after the first that a refused period gets before the schedule waits. */
  retries: number;
  retrySeconds: number;
  /** Announces a schedule that stopped to wait (tries used up) to its owner's webhooks. */
  webhooks?: WebhookEvents | undefined;
  now?: () => Date;
}

/** The period's payment, made by the transfers or fx service as its owner would, under the period's key. */
async function pay(deps: PaymentRunDeps, row: PaymentScheduleRow, period: string): Promise<string> {
  const request = runRequest(row, period);
  if (row.kind === 'conversion') {
    const body = { amount: row.amount, from: row.from_currency, to: row.to_currency };
    return (await deps.fx.convert(request, body)).body.transaction.id;
  }
  const body = {
    amount: row.amount,
    fromCurrency: row.from_currency,
    toCurrency: row.to_currency,
    recipientEmail: row.recipient_email!,
    description: row.description,
  };
  return (await deps.transfers.send(request, body)).body.id;
}

const tried = (row: PaymentScheduleRow, period: string) => ({
  schedule_id: row.id,
  user_id: row.user_id,
  period_date: period,
});

/**
 * Records a paid period, in one transaction: whatever moved money is recorded paid and counted, always. A
 * second process paying the same period got the same stored answer and finds the run paid already: it records
 * nothing new. The schedule moves past the period only if it is still there: its owner may have paused and
 * resumed it while the payment was in flight, which moved it on and recorded this period skipped (the run now
 * says paid). A schedule cancelled or paused meanwhile keeps its status; the payment it raced with still counts.
 */
async function recordPaid(
  deps: PaymentRunDeps,
  row: PaymentScheduleRow,
  period: string,
  transactionId: string | null,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const current = await repo.lockSchedule(trx, row.id);
    if (!current) return false;
    if (!(await repo.recordRun(trx, tried(row, period), 'paid', { transaction_id: transactionId }))) {
      return false;
    }
    const counted = { runs_paid: Number(current.runs_paid) + 1, updated_at: new Date().toISOString() };
    if (Number(current.next_index) !== Number(row.next_index)) {
      await repo.updateSchedule(trx, row.id, counted);
      return true;
    }
    const position = positionFrom(current, Number(current.next_index) + 1, current.skip_before);
    for (const date of position.skipped) await repo.recordRun(trx, tried(row, date), 'skipped');
    const ongoing = current.status !== 'cancelled';
    await repo.updateSchedule(trx, row.id, {
      next_index: position.next_index,
      ...(ongoing && { next_date: position.next_date }),
      ...(ongoing && position.finished && { status: 'finished' as const }),
      attempts: 0,
      retry_at: null,
      skip_before: null,
      ...counted,
    });
    return true;
  });
}

/**
 * Records a refused try (not enough money, a limit, a recipient refused): another try after `retrySeconds`,
 * or, the tries used up, the schedule waits and its owner is told, by notification and (for real accounts)
 * email, in the transaction that moved it. A try counts once: the schedule must still be where this process
 * found it (same period, same number of tries), or another process counted it already.
 */
async function recordRefusal(deps: PaymentRunDeps, row: PaymentScheduleRow, period: string, reason: string) {
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction().execute(async (trx) => {
    const current = await repo.lockSchedule(trx, row.id);
    const same =
      current &&
      current.status === 'active' &&
      Number(current.next_index) === Number(row.next_index) &&
      Number(current.attempts) === Number(row.attempts);
    if (!same) return;
    const attempts = Number(current.attempts) + 1;
    const waits = attempts > deps.retries;
    await repo.recordRun(trx, tried(row, period), waits ? 'failed' : 'retrying', { message: reason });
    await repo.updateSchedule(trx, row.id, {
      attempts,
      retry_at: waits ? null : new Date(now.getTime() + deps.retrySeconds * 1000).toISOString(),
      ...(waits && { status: 'waiting' as const }),
      updated_at: new Date().toISOString(),
    });
    if (!waits) return;
    await deps.notifier.raise(trx, row.user_id, waitingNotice(current, period, reason));
    await deps.webhooks?.record(trx, row.user_id, 'schedule.failed', {
      scheduleId: row.id,
      kind: row.kind,
      period,
      amount: row.amount,
      currency: row.from_currency,
      recipientEmail: row.recipient_email,
      reason,
    });
    const owner = await findUser(trx, row.user_id);
    // A demo account is play money: it is told in the app, never by email.
    if (owner && !owner.is_demo) {
      const link = deps.mailer.link('/transfer/scheduled');
      await deps.mailer.enqueue(trx, waitingMail(current, period, reason, owner.email, link));
    }
  });
}

/** A refusal of the payment itself (a 4xx), as against the database or a dependency failing (tried next run). */
const refusalOf = (error: unknown) =>
  error instanceof AppError && error.status < 500 && error.code !== 'IDEMPOTENCY_KEY_REUSED' ? error : null;

/**
 * Pays one schedule's due periods, oldest first, until it is up to date or a period is refused. Returns how
 * many periods this call recorded paid (a period another process recorded first is not counted here).
 */
async function payDue(deps: PaymentRunDeps, id: string, today: string, now: string): Promise<number> {
  let paid = 0;
  for (;;) {
    const row = await repo.dueSchedule(deps.db, id, today, now);
    if (!row || row.next_date === null) return paid;
    const period = row.next_date;
    let transactionId: string | null = null;
    try {
      transactionId = await pay(deps, row, period);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) {
        await recordRefusal(deps, row, period, refusal.message);
        return paid;
      }
      // The period's key was used with the schedule as it was before an edit: that payment committed, and
      // its run was not recorded (the process stopped in between). It is paid; what it made is not re-read.
      if (!(error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED')) throw error;
    }
    if (await recordPaid(deps, row, period, transactionId)) paid += 1;
  }
}

/**
 * The scheduled-payments job: each active schedule whose next period has come (and whose retry time, if it
 * has one, has come) pays it, then the next, until it is up to date: a server that was down pays each missed
 * period once. Every process runs it; the payment's idempotency key makes a period paid once whoever pays it.
 */
export async function runPaymentSchedules(deps: PaymentRunDeps): Promise<number> {
  const clock = deps.now?.() ?? new Date();
  const today = dayOf(clock);
  const now = clock.toISOString();
  const failures: unknown[] = [];
  let count = 0;
  let after = '';
  for (;;) {
    const ids = await repo.dueScheduleIds(deps.db, today, now, BATCH, after);
    for (const id of ids) {
      count += await payDue(deps, id, today, now).catch((error: unknown) => {
        failures.push(error);
        return 0;
      });
    }
    if (ids.length < BATCH) break;
    after = ids[ids.length - 1]!;
  }
  deps.mailer.kick();
  if (failures.length > 0) throw failures[0];
  return count;
}

export function paymentSchedulesJob(deps: PaymentRunDeps, everySeconds: number): Job {
  return { name: 'payment-schedules', everyMs: everySeconds * 1000, run: () => runPaymentSchedules(deps) };
}
