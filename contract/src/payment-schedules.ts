import { z } from 'zod';
import { emailSchema } from './auth';
import { currencySchema, type Currency } from './currencies';
import { isoDateSchema } from './dates';
import { periodDate } from './invoice-schedules';
import { amountProblem, amountStringSchema } from './money';
import { pageCursorSchema, pageLimitSchema } from './paging';
import { DEFAULT_TRANSFER_DESCRIPTION, MAX_TRANSFER_DESCRIPTION } from './transfers';
import { singleLineText } from './text';

/**
 * Scheduled and recurring payments (/api/payment-schedules). A schedule pays on `firstDate`, and after that
 * every week, month or quarter counted from `firstDate` (as recurring invoices count: a schedule on the 31st
 * pays on the last day of a shorter month, then on the 31st again), until `endDate` when one is set.
 *
 * Each run is an ordinary transfer (to the recipients a transfer takes) or conversion, made by the server with
 * an idempotency key derived from the schedule and the period, so a period is paid once whatever restarts.
 * A run that fails for lack of funds is tried again later that day, up to the server's retry count; then the
 * schedule waits (`waiting`) and the owner is told. Resuming a waiting schedule tries the period again.
 */
export const paymentCadences = ['once', 'week', 'month', 'quarter'] as const;
export type PaymentCadence = (typeof paymentCadences)[number];

export const paymentScheduleKinds = ['transfer', 'conversion'] as const;
export type PaymentScheduleKind = (typeof paymentScheduleKinds)[number];

/**
 * active: pays on its dates; paused: by the owner, skips nothing until resumed (a date passed while paused is
 * paid on resume only if it is today); waiting: a run failed after its retries, waits for the owner;
 * cancelled: by the owner; finished: its last date was paid.
 */
export const paymentScheduleStatuses = ['active', 'paused', 'waiting', 'cancelled', 'finished'] as const;
export type PaymentScheduleStatus = (typeof paymentScheduleStatuses)[number];

/**
 * Schedules that may still pay (active, paused or waiting) per user: rent, contractors, instalments and
 * conversions fit many times over, and each is read by the job and laid out by every forecast. Cancelled and
 * finished ones stay in the list as history and do not count.
 */
export const MAX_PAYMENT_SCHEDULES = 50;

/** What one run came to: paid; failed and will be tried again today; failed for good (the schedule waits). */
export const paymentRunOutcomes = ['paid', 'retrying', 'failed', 'skipped'] as const;
export type PaymentRunOutcome = (typeof paymentRunOutcomes)[number];

const descriptionSchema = singleLineText(MAX_TRANSFER_DESCRIPTION, {
  tooLong: `Description can be at most ${MAX_TRANSFER_DESCRIPTION} characters`,
});

const cadenceSchema = z.enum(paymentCadences, {
  error: `cadence must be one of ${paymentCadences.join(', ')}`,
});

interface Checked {
  kind?: PaymentScheduleKind;
  amount?: string;
  fromCurrency?: Currency;
  toCurrency?: Currency;
  recipientEmail?: string | null;
  firstDate?: string;
  endDate?: string | null;
}

function checkSchedule(body: Checked, ctx: z.RefinementCtx) {
  if (body.kind === 'transfer' && !body.recipientEmail) {
    ctx.addIssue({ code: 'custom', path: ['recipientEmail'], message: 'Choose who to pay' });
  }
  if (body.kind === 'conversion' && body.fromCurrency && body.toCurrency === body.fromCurrency) {
    ctx.addIssue({ code: 'custom', path: ['toCurrency'], message: 'Choose two different currencies' });
  }
  if (body.amount && body.fromCurrency) {
    const problem = amountProblem(body.amount, body.fromCurrency);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  }
  if (body.firstDate && body.endDate && body.endDate < body.firstDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'The end date cannot be before the first date',
    });
  }
}

/**
 * POST /api/payment-schedules. `amount` is in `fromCurrency` (as a transfer's); a transfer's `toCurrency`
 * defaults to `fromCurrency`; a conversion needs a different `toCurrency` and no recipient. `firstDate` is
 * today or later (UTC), checked by the server against its clock.
 */
export const createPaymentScheduleBodySchema = z
  .object({
    kind: z.enum(paymentScheduleKinds, { error: 'kind must be transfer or conversion' }).default('transfer'),
    amount: amountStringSchema,
    fromCurrency: currencySchema,
    toCurrency: currencySchema.optional(),
    recipientEmail: emailSchema.nullable().optional(),
    description: descriptionSchema.optional(),
    cadence: cadenceSchema,
    firstDate: isoDateSchema('First date'),
    /** The last day a run may fall on (inclusive); null: until cancelled. */
    endDate: isoDateSchema('End date').nullable().default(null),
  })
  .superRefine(checkSchedule)
  .transform((body) => ({
    ...body,
    toCurrency: body.toCurrency ?? body.fromCurrency,
    recipientEmail: body.kind === 'transfer' ? (body.recipientEmail ?? null) : null,
    description: body.description || DEFAULT_TRANSFER_DESCRIPTION,
  }));
export type CreatePaymentScheduleBody = z.input<typeof createPaymentScheduleBodySchema>;
export type CreatePaymentScheduleRequest = z.output<typeof createPaymentScheduleBodySchema>;

/**
 * PATCH /api/payment-schedules/{id}: what the runs still to come pay (the runs made stay as they were). Its
 * kind, currency, cadence and first date stay: they say what it is and which days are its periods.
 */
export const updatePaymentScheduleBodySchema = z
  .object({
    amount: amountStringSchema,
    recipientEmail: emailSchema,
    description: descriptionSchema,
    endDate: isoDateSchema('End date').nullable(),
  })
  .partial();
export type UpdatePaymentScheduleBody = z.infer<typeof updatePaymentScheduleBodySchema>;

export const PAYMENT_SCHEDULES_PAGE_DEFAULT = 50;
export const PAYMENT_SCHEDULES_PAGE_MAX = 100;

/**
 * GET /api/payment-schedules?cursor=&limit= (newest first) and GET /api/payment-schedules/{id}/runs?cursor=&limit=
 * (latest period first): plain arrays, like the history. When more follow, the `X-Next-Cursor` response
 * header holds the next page's cursor: pass it back as `cursor`. `limit` is 1–100 (default 50).
 */
export const paymentSchedulePageQuerySchema = z.object({
  cursor: pageCursorSchema,
  limit: pageLimitSchema(PAYMENT_SCHEDULES_PAGE_DEFAULT, PAYMENT_SCHEDULES_PAGE_MAX),
});
export type PaymentSchedulePageQuery = z.infer<typeof paymentSchedulePageQuerySchema>;

export const paymentRunSchema = z.object({
  id: z.string(),
  /** The period this run pays: the schedule's date, not when it ran. */
  periodDate: z.string(),
  outcome: z.enum(paymentRunOutcomes),
  /** Tries made for the period so far. */
  attempts: z.number().int(),
  /** Why it failed, in the words the transfer or conversion answered with; null when paid. */
  message: z.string().nullable(),
  /** The transaction the run made, when paid. */
  transactionId: z.string().nullable(),
  at: z.string(),
});
export type PaymentRun = z.infer<typeof paymentRunSchema>;

export const paymentScheduleSchema = z.object({
  id: z.string(),
  kind: z.enum(paymentScheduleKinds),
  amount: z.string(),
  fromCurrency: currencySchema,
  toCurrency: currencySchema,
  recipientEmail: z.string().nullable(),
  description: z.string(),
  cadence: cadenceSchema,
  firstDate: z.string(),
  endDate: z.string().nullable(),
  status: z.enum(paymentScheduleStatuses),
  /** The period the next run pays; null once cancelled or finished. */
  nextDate: z.string().nullable(),
  /** The latest run, if any. */
  lastRun: paymentRunSchema.nullable(),
  runsPaid: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentSchedule = z.infer<typeof paymentScheduleSchema>;

/** The date of run `n` (0 is `firstDate`); null past the only run of a one-off payment. */
export function paymentDate(firstDate: string, cadence: PaymentCadence, n: number): string | null {
  if (cadence === 'once') return n === 0 ? firstDate : null;
  return periodDate(firstDate, cadence, n);
}

/**
 * The run dates of a schedule from `from` to `to` (inclusive, UTC days), starting at run `fromIndex` (the
 * next one not yet paid) and stopping at `endDate`. What the forecast and the list's "next" read.
 */
export function paymentDatesBetween(
  schedule: { firstDate: string; cadence: PaymentCadence; endDate: string | null; nextIndex: number },
  from: string,
  to: string,
): string[] {
  const dates: string[] = [];
  for (let n = schedule.nextIndex; ; n++) {
    const date = paymentDate(schedule.firstDate, schedule.cadence, n);
    if (date === null || date > to || (schedule.endDate !== null && date > schedule.endDate)) return dates;
    if (date >= from) dates.push(date);
  }
}

/** One run the forecast expects: money leaving `fromCurrency` on `date` (and, for a conversion, arriving). */
export interface ScheduledPaymentDue {
  scheduleId: string;
  date: string;
  kind: PaymentScheduleKind;
  /** The amount, in `fromCurrency`, before any fee. */
  amount: string;
  fromCurrency: Currency;
  toCurrency: Currency;
  /** Who or what it pays: the recipient's email, or "USD → EUR". */
  label: string;
}
