import type { Kysely, Updateable } from 'kysely';
import {
  MAX_PAYMENT_SCHEDULES,
  paymentDatesBetween,
  type CreatePaymentScheduleRequest,
  type PaymentSchedule,
  type PaymentSchedulePageQuery,
  type PaymentScheduleStatus,
  type ScheduledPaymentDue,
  type UpdatePaymentScheduleBody,
} from '@contract/payment-schedules';
import { amountProblem, Money } from '@contract/money';
import { lockPerUser } from '../../db/per-user-lock';
import type { Database, PaymentScheduleRow, PaymentSchedulesTable } from '../../db/schema';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { runIdempotent, type IdempotentRequest } from '../idempotency/idempotency';
import { findUser } from '../user/users';
import { dayOf, positionFrom } from './payment-schedule-dates';
import { committedPayment } from './payment-run-keys';
import { runPage, schedulePage } from './payment-schedule-pages';
import { toDue, toSchedule } from './payment-schedules.mapper';
import * as repo from './payment-schedules.repository';

export interface PaymentSchedulesDeps {
  db: Kysely<Database>;
  /** The clock (tests set it); a schedule's dates are UTC days. */
  now?: () => Date;
}

/**
 * Records a period the schedule leaves behind: paid when a payment committed under its key (the process that
 * made it stopped before recording it), else skipped. 1 when a paid period was newly counted.
 */
async function recordMissed(trx: Kysely<Database>, row: PaymentScheduleRow, period: string) {
  const paid = await recordCommitted(trx, row, period);
  if (!paid) await repo.recordRun(trx, runOf(row, period), 'skipped');
  return paid;
}

/** Records `period` paid if a payment committed under its key: 1 when that was news, else 0. */
async function recordCommitted(trx: Kysely<Database>, row: PaymentScheduleRow, period: string | null) {
  const committed = period === null ? undefined : await committedPayment(trx, row, period);
  if (!committed || period === null) return 0;
  const recorded = await repo.recordRun(trx, runOf(row, period), 'paid', {
    transaction_id: committed.transactionId,
  });
  return recorded ? 1 : 0;
}

const runOf = (row: PaymentScheduleRow, period: string) => ({
  schedule_id: row.id,
  user_id: row.user_id,
  period_date: period,
});

/** A transfer to oneself is refused at every run: it is refused when the schedule is made or edited instead. */
async function isOwnAddress(db: Kysely<Database>, userId: string, email: string) {
  const owner = await findUser(db, userId);
  return owner !== undefined && owner.email.toLowerCase() === email.toLowerCase();
}

export type PaymentSchedulesService = ReturnType<typeof createPaymentSchedulesService>;

/** What the forecast module reads: the runs the user's schedules will make. */
export interface PaymentSchedulesFace {
  upcoming(userId: string, from: string, to: string): Promise<ScheduledPaymentDue[]>;
}

/** Scheduled payments: the owner's schedules and their states. Paying them is payment-runs.ts. */
export function createPaymentSchedulesService(deps: PaymentSchedulesDeps) {
  const { db } = deps;
  const today = () => dayOf(deps.now?.() ?? new Date());

  async function own(trx: Kysely<Database>, userId: string, id: string, lock = false) {
    const row = await repo.findSchedule(trx, userId, id, lock);
    if (!row) throw notFound('Payment schedule');
    return row;
  }

  async function withLastRun(trx: Kysely<Database>, row: PaymentScheduleRow) {
    const [last] = await repo.latestRuns(trx, [row.id]);
    return toSchedule(row, last);
  }

  /** Changes the owner's schedule in one transaction, when its status is one of `from` (else a 409). */
  function change(
    userId: string,
    id: string,
    from: readonly PaymentScheduleStatus[],
    changes: (row: PaymentScheduleRow, trx: Kysely<Database>) => Promise<Updateable<PaymentSchedulesTable>>,
  ): Promise<PaymentSchedule> {
    return db.transaction().execute(async (trx) => {
      const row = await own(trx, userId, id, true);
      if (!from.includes(row.status)) {
        throw new AppError('CONFLICT', `This payment schedule is ${row.status}: it cannot change that way`);
      }
      const updated = await repo.updateSchedule(trx, id, {
        ...(await changes(row, trx)),
        updated_at: new Date().toISOString(),
      });
      return withLastRun(trx, updated);
    });
  }

  const face: PaymentSchedulesFace = {
    /**
     * Each run from `from` to `to` (inclusive) that the user's active and waiting schedules will make. A period
     * already due but not yet paid (the job has not come round yet, or the schedule waits for its owner) is
     * expected on `from`: it is owed now.
     */
    async upcoming(userId, from, to) {
      const due: ScheduledPaymentDue[] = [];
      for (const row of await repo.payingSchedules(db, userId)) {
        const rule = {
          firstDate: row.first_date,
          cadence: row.cadence,
          endDate: row.end_date,
          nextIndex: Number(row.next_index),
        };
        if (row.next_date !== null && row.next_date < from && from <= to) due.push(toDue(row, from));
        for (const date of paymentDatesBetween(rule, from, to)) due.push(toDue(row, date));
      }
      return due.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    },
  };

  return {
    face,

    list: (userId: string, query: PaymentSchedulePageQuery) => schedulePage(db, userId, query),

    get: async (userId: string, id: string) => withLastRun(db, await own(db, userId, id)),

    async runs(userId: string, id: string, query: PaymentSchedulePageQuery) {
      await own(db, userId, id);
      return runPage(db, id, query);
    },

    /** Makes a schedule once per Idempotency-Key: a replayed key answers with the schedule it made. */
    async create(request: IdempotentRequest, body: CreatePaymentScheduleRequest) {
      if (body.firstDate < today())
        throw invalidFields({ firstDate: 'The first date cannot be in the past' });
      if (body.recipientEmail && (await isOwnAddress(db, request.userId, body.recipientEmail))) {
        throw invalidFields({ recipientEmail: 'You cannot send money to yourself' });
      }
      return runIdempotent<PaymentSchedule>(db, request, async (trx) => {
        await lockPerUser(trx, 'payment-schedules', request.userId);
        if ((await repo.countLiveSchedules(trx, request.userId)) >= MAX_PAYMENT_SCHEDULES) {
          throw new AppError(
            'BUSINESS_RULE',
            `You can have at most ${MAX_PAYMENT_SCHEDULES} scheduled payments. Cancel one you no longer need first.`,
          );
        }
        const at = new Date().toISOString();
        const rule = { first_date: body.firstDate, cadence: body.cadence, end_date: body.endDate };
        const position = positionFrom(rule, 0);
        const row = {
          id: newId(),
          user_id: request.userId,
          kind: body.kind,
          amount: Money.parse(body.amount, body.fromCurrency).format(),
          from_currency: body.fromCurrency,
          to_currency: body.toCurrency,
          recipient_email: body.recipientEmail,
          description: body.description,
          ...rule,
          status: position.finished ? ('finished' as const) : ('active' as const),
          next_index: position.next_index,
          next_date: position.next_date,
          attempts: 0,
          retry_at: null,
          skip_before: null,
          runs_paid: 0,
          created_at: at,
          updated_at: at,
        } satisfies PaymentScheduleRow;
        await repo.insertSchedule(trx, row);
        return { status: 201, body: toSchedule(row, undefined) };
      });
    },

    /** What the runs still to come pay; a new end date may finish the schedule. */
    update: (userId: string, id: string, body: UpdatePaymentScheduleBody) =>
      change(userId, id, ['active', 'paused', 'waiting'], async (row, trx) => {
        const problems: Record<string, string> = {};
        if (body.recipientEmail !== undefined && (await isOwnAddress(trx, userId, body.recipientEmail))) {
          problems.recipientEmail = 'You cannot send money to yourself';
        }
        const amountIssue = body.amount === undefined ? null : amountProblem(body.amount, row.from_currency);
        if (amountIssue) problems.amount = amountIssue;
        if (body.recipientEmail !== undefined && row.kind === 'conversion') {
          problems.recipientEmail = 'A conversion has no recipient';
        }
        if (body.endDate && body.endDate < row.first_date) {
          problems.endDate = 'The end date cannot be before the first date';
        }
        if (Object.keys(problems).length > 0) throw invalidFields(problems);
        const endDate = body.endDate !== undefined ? body.endDate : row.end_date;
        const position = positionFrom({ ...row, end_date: endDate }, Number(row.next_index));
        return {
          ...(body.amount !== undefined && { amount: Money.parse(body.amount, row.from_currency).format() }),
          ...(body.recipientEmail !== undefined && { recipient_email: body.recipientEmail }),
          ...(body.description !== undefined && { description: body.description }),
          end_date: endDate,
          next_date: position.next_date,
          ...(position.finished && { status: 'finished' as const }),
        };
      }),

    pause: (userId: string, id: string) =>
      change(userId, id, ['active'], async () => ({ status: 'paused', retry_at: null })),

    /**
     * A paused schedule picks up at its first date from today on (today's is paid; the dates it missed are
     * recorded as skipped). A waiting one tries its failed period again at the job's next run, then goes on
     * from today the same way.
     */
    resume: (userId: string, id: string) =>
      change(userId, id, ['paused', 'waiting'], async (row, trx) => {
        const day = today();
        if (row.status === 'waiting') {
          return { status: 'active', attempts: 0, retry_at: null, skip_before: day };
        }
        const position = positionFrom(row, Number(row.next_index), day);
        let paid = 0;
        for (const date of position.skipped) paid += await recordMissed(trx, row, date);
        return {
          runs_paid: Number(row.runs_paid) + paid,
          status: position.finished ? ('finished' as const) : ('active' as const),
          next_index: position.next_index,
          next_date: position.next_date,
          attempts: 0,
          retry_at: null,
        };
      }),

    /** Cancelled schedules stay in the list with their runs; they pay nothing more. */
    cancel: (userId: string, id: string) =>
      change(userId, id, ['active', 'paused', 'waiting'], async (row, trx) => ({
        runs_paid: Number(row.runs_paid) + (await recordCommitted(trx, row, row.next_date)),
        status: 'cancelled',
        next_date: null,
        retry_at: null,
      })),
  };
}
