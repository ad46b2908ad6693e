import { z } from 'zod';
import { isoDateSchema } from './dates';
import { createInvoiceBodySchema, invoiceItemSchema, invoiceSchema, invoiceCurrencies } from './invoices';
import { invoiceCeilingIssues } from './invoice-math';
import { invoiceLanguages } from './languages';

/**
 * Recurring invoices: a schedule is an invoice template and a frequency. On each period's date the server
 * makes one invoice from the template (numbered by the same sequence as any invoice, issued on the period's
 * date, due `paymentTermsDays` later) and sends it, or leaves it as a draft when `autoSend` is false.
 *
 * Periods are counted from `firstDate`: period n is `firstDate` plus n weeks, months, quarters or years. A
 * month with fewer days takes its last day (a schedule on the 31st runs on 28/29 February and 30 April), and
 * the next month is again counted from `firstDate`, so it goes back to the 31st wherever there is one.
 */
export const scheduleFrequencies = ['week', 'month', 'quarter', 'year'] as const;
export type ScheduleFrequency = (typeof scheduleFrequencies)[number];

/** active: runs on its dates; paused: skips its dates until resumed; stopped: by the owner; finished: its end came. */
export const scheduleStatuses = ['active', 'paused', 'stopped', 'finished'] as const;
export type ScheduleStatus = (typeof scheduleStatuses)[number];

/** Recurring invoices that may still run (active or paused) per user; stopped and finished ones do not count. */
export const MAX_INVOICE_SCHEDULES = 50;
export const MAX_SCHEDULE_COUNT = 1000;
export const MAX_PAYMENT_TERMS_DAYS = 365;

const invoice = createInvoiceBodySchema.shape;

/** The invoice every period makes (an invoice's fields without its dates: those come from the period). */
const templateFields = {
  // An invoice may take these from a saved client; a schedule's template carries them itself.
  clientName: invoice.clientName.unwrap(),
  clientEmail: invoice.clientEmail.unwrap(),
  clientAddress: invoice.clientAddress.unwrap().default(''),
  projectTitle: invoice.projectTitle,
  description: invoice.description,
  currency: invoice.currency,
  taxRate: invoice.taxRate,
  language: invoice.language,
  notes: invoice.notes,
  items: invoice.items.unwrap(),
  paymentTermsDays: z
    .number({ error: 'Payment terms must be a whole number of days' })
    .int('Payment terms must be a whole number of days')
    .min(0, 'Payment terms cannot be negative')
    .max(MAX_PAYMENT_TERMS_DAYS, `Payment terms can be at most ${MAX_PAYMENT_TERMS_DAYS} days`)
    .default(30),
  autoSend: z.boolean({ error: 'autoSend must be true or false' }).default(true),
  /** The last day a period may fall on (inclusive); null: no end date. */
  endDate: isoDateSchema('End date').nullable().default(null),
  /** How many invoices in all; null: no limit. At most one of endDate and endCount. */
  endCount: z
    .number({ error: 'Number of invoices must be a whole number' })
    .int('Number of invoices must be a whole number')
    .min(1, 'Number of invoices must be at least 1')
    .max(MAX_SCHEDULE_COUNT, `Number of invoices can be at most ${MAX_SCHEDULE_COUNT}`)
    .nullable()
    .default(null),
};

type Checked = {
  currency?: (typeof invoiceCurrencies)[number];
  items?: { quantity: string; unitPrice: string }[];
  taxRate?: string;
  endDate?: string | null;
  endCount?: number | null;
  firstDate?: string;
};

function checkTemplate(body: Checked, ctx: z.RefinementCtx) {
  if (body.endDate != null && body.endCount != null) {
    ctx.addIssue({ code: 'custom', path: ['endCount'], message: 'Choose an end date or a number, not both' });
  }
  if (body.firstDate && body.endDate != null && body.endDate < body.firstDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: 'The end date cannot be before the first date',
    });
  }
  if (body.currency && body.items && body.taxRate !== undefined) {
    for (const issue of invoiceCeilingIssues(body.currency, body.items, body.taxRate)) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  }
}

/** POST /api/invoice-schedules. `firstDate` is today or later (UTC): a schedule never starts in the past. */
export const createScheduleBodySchema = z
  .object({
    ...templateFields,
    frequency: z.enum(scheduleFrequencies, {
      error: `frequency must be one of ${scheduleFrequencies.join(', ')}`,
    }),
    firstDate: isoDateSchema('First date'),
  })
  .superRefine(checkTemplate);
export type CreateScheduleBody = z.input<typeof createScheduleBodySchema>;
export type CreateScheduleRequest = z.output<typeof createScheduleBodySchema>;

/**
 * PATCH /api/invoice-schedules/{id}: the template, terms, sending and end, for the invoices still to come
 * (the ones made are not touched). Its frequency and first date stay: they say which days are its periods.
 */
export const updateScheduleBodySchema = z
  .object({
    clientName: templateFields.clientName,
    clientEmail: templateFields.clientEmail,
    clientAddress: templateFields.clientAddress.unwrap(),
    projectTitle: templateFields.projectTitle,
    description: templateFields.description.unwrap(),
    currency: templateFields.currency.unwrap(),
    taxRate: templateFields.taxRate.unwrap(),
    language: templateFields.language.unwrap(),
    notes: templateFields.notes.unwrap(),
    items: templateFields.items,
    paymentTermsDays: templateFields.paymentTermsDays.unwrap(),
    autoSend: templateFields.autoSend.unwrap(),
    endDate: templateFields.endDate.unwrap(),
    endCount: templateFields.endCount.unwrap(),
  })
  .partial()
  .superRefine(checkTemplate);
export type UpdateScheduleBody = z.input<typeof updateScheduleBodySchema>;
export type UpdateScheduleRequest = z.output<typeof updateScheduleBodySchema>;

export const invoiceScheduleSchema = z.object({
  id: z.string(),
  clientName: z.string(),
  clientEmail: z.string(),
  clientAddress: z.string(),
  projectTitle: z.string(),
  description: z.string(),
  currency: z.enum(invoiceCurrencies),
  taxRate: z.string(),
  language: z.enum(invoiceLanguages),
  notes: z.string(),
  items: z.array(invoiceItemSchema.omit({ id: true, amount: true })),
  /** What each invoice comes to, tax included, in `currency`. */
  totalAmount: z.string(),
  paymentTermsDays: z.number().int(),
  autoSend: z.boolean(),
  frequency: z.enum(scheduleFrequencies),
  firstDate: z.string(),
  endDate: z.string().nullable(),
  endCount: z.number().int().nullable(),
  status: z.enum(scheduleStatuses),
  /** The period the next invoice is dated; null once stopped or finished. */
  nextDate: z.string().nullable(),
  invoicesMade: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceSchedule = z.infer<typeof invoiceScheduleSchema>;

/** GET /api/invoice-schedules/{id}/invoices: what the schedule made, newest period first. */
export const scheduleInvoiceSchema = z.object({
  periodDate: z.string(),
  invoice: invoiceSchema,
});
export type ScheduleInvoice = z.infer<typeof scheduleInvoiceSchema>;

const MONTHS: Record<Exclude<ScheduleFrequency, 'week'>, number> = { month: 1, quarter: 3, year: 12 };

/**
 * The date of period `n` (0 is `firstDate` itself), as a UTC day. Months are counted from `firstDate` each
 * time, and a day past the end of a shorter month becomes that month's last day: from 31 January, period 1
 * is 28 (or 29) February and period 2 is 31 March.
 */
export function periodDate(firstDate: string, frequency: ScheduleFrequency, n: number): string {
  const [year, month, day] = firstDate.split('-').map(Number) as [number, number, number];
  if (frequency === 'week') {
    return new Date(Date.UTC(year, month - 1, day + 7 * n)).toISOString().slice(0, 10);
  }
  const months = month - 1 + MONTHS[frequency] * n;
  const targetYear = year + Math.floor(months / 12);
  const targetMonth = months % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/** A UTC day plus `days` days. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
