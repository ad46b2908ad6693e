import type { Kysely } from 'kysely';
import { addDays } from '@contract/invoice-schedules';
import type { Invoice } from '@contract/invoices';
import type { Database, InvoiceScheduleRow } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { InvoicesFace } from '../invoices/invoices';
import type { Notifier } from '../notifications/notifier';
import { itemsOfRow } from './invoice-schedules.mapper';
import * as repo from './invoice-schedules.repository';
import { notices } from './schedule-notices';
import { dayOf, positionAt } from './schedule-periods';

const BATCH = 100;
/** A run still unsent this long after it was made lost its process (or its send failed): sent again. */
const UNSENT_AFTER_MS = 5 * 60_000;

export interface ScheduleRunDeps {
  db: Kysely<Database>;
  notifier: Notifier;
  invoices: InvoicesFace;
  now?: () => Date;
}

interface Made {
  runId: string;
  userId: string;
  period: string;
  invoice: Invoice;
  send: boolean;
}

/**
 * One period of one schedule, in one transaction: the schedule is claimed (a row lock, SKIP LOCKED on
 * PostgreSQL), the invoice made, the period's run row inserted (UNIQUE per schedule and period) and the
 * schedule moved past the period only if no one else moved it. Whatever a second process does, one of these
 * stops it, and its invoice and number roll back with it. Null: nothing (more) is due.
 */
async function makeOne(deps: ScheduleRunDeps, id: string, today: string): Promise<Made | null> {
  return deps.db.transaction().execute(async (trx) => {
    const schedule = await repo.claimDueSchedule(trx, id, today);
    if (!schedule || schedule.next_date === null) return null;
    const index = Number(schedule.next_index);
    const period = schedule.next_date;
    const invoice = await deps.invoices.createInvoiceFor(trx, schedule.user_id, requestOf(schedule, period), {
      issueDate: period,
    });
    const autoSend = Number(schedule.auto_send) === 1;
    // A period caught up after its due date is left for the owner: a client is not sent an invoice already late.
    const late = invoice.dueDate < today;
    const state = !autoSend ? 'draft' : late ? 'not_sent' : 'to_send';
    const runId = newId();
    const run = await repo.insertRun(trx, {
      id: runId,
      schedule_id: schedule.id,
      user_id: schedule.user_id,
      period_date: period,
      invoice_id: invoice.id,
      send_state: state,
      created_at: new Date().toISOString(),
    });
    const position = positionAt(schedule, index + 1);
    const moved =
      run &&
      (await repo.advanceSchedule(trx, schedule.id, index, {
        next_index: position.next_index,
        next_date: position.next_date,
        ...(position.finished && { status: 'finished' as const }),
        invoices_made: Number(schedule.invoices_made) + 1,
        updated_at: new Date().toISOString(),
      }));
    if (!moved) throw new PeriodTaken();
    if (state === 'draft') await deps.notifier.raise(trx, schedule.user_id, notices.drafted(invoice));
    if (state === 'not_sent') {
      await deps.notifier.raise(
        trx,
        schedule.user_id,
        notices.notSent(invoice, `its due date, ${invoice.dueDate}, had already passed when it was made.`),
      );
    }
    return { runId, userId: schedule.user_id, period, invoice, send: state === 'to_send' };
  });
}

/** Another process made this period first: this transaction's invoice is rolled back. */
class PeriodTaken extends Error {}

const requestOf = (schedule: InvoiceScheduleRow, period: string) => ({
  clientName: schedule.client_name,
  clientEmail: schedule.client_email,
  clientAddress: schedule.client_address,
  projectTitle: schedule.project_title,
  description: schedule.description,
  currency: schedule.currency as Invoice['currency'],
  taxRate: schedule.tax_rate,
  language: schedule.language,
  notes: schedule.notes,
  items: itemsOfRow(schedule),
  dueDate: addDays(period, Number(schedule.payment_terms_days)),
});

/**
 * Sends a made invoice. Sending moves the invoice draft → sent once whoever tries (a second try is a 409),
 * and the run leaves `to_send` once: whoever moves it tells the owner. A refusal (the owner's address not
 * verified, say) leaves the draft for the owner; a failure of a dependency leaves the run to try again.
 */
async function send(deps: ScheduleRunDeps, made: Omit<Made, 'send'>): Promise<void> {
  let sent: Invoice | null = null;
  let refusal: string | null = null;
  try {
    sent = await deps.invoices.sendInvoice(made.userId, made.invoice.id, { issueDate: made.period });
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'UNAVAILABLE') throw error;
    if (error.code !== 'CONFLICT') refusal = error.message;
  }
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.settleRun(trx, made.runId, refusal === null ? 'sent' : 'not_sent'))) return;
    const notice =
      refusal === null ? notices.sent(sent ?? made.invoice) : notices.notSent(made.invoice, refusal);
    await deps.notifier.raise(trx, made.userId, notice);
  });
}

/**
 * The recurring-invoices job: every active schedule whose next period has come makes that period's invoice,
 * and the next, until it is up to date (a server that was down catches up each missed period once, dated
 * for its period). Returns how many invoices it made.
 */
export async function runInvoiceSchedules(deps: ScheduleRunDeps): Promise<number> {
  const today = dayOf(deps.now?.() ?? new Date());
  const failures: unknown[] = [];
  const attempt = (work: () => Promise<void>) => work().catch((error: unknown) => void failures.push(error));

  const before = new Date(Date.now() - UNSENT_AFTER_MS).toISOString();
  for (const run of await repo.unsentRuns(deps.db, before, BATCH)) {
    const [invoice] = await deps.invoices.invoicesOf(run.user_id, [run.invoice_id]);
    const made = { runId: run.id, userId: run.user_id, period: run.period_date };
    if (invoice) await attempt(() => send(deps, { ...made, invoice }));
  }

  let count = 0;
  let after = '';
  for (;;) {
    const ids = await repo.dueScheduleIds(deps.db, today, BATCH, after);
    for (const id of ids) {
      await attempt(async () => {
        for (;;) {
          const made = await makeOne(deps, id, today).catch((error: unknown) => {
            if (error instanceof PeriodTaken) return null;
            throw error;
          });
          if (!made) return;
          count += 1;
          if (made.send) await send(deps, made);
        }
      });
    }
    if (ids.length < BATCH) break;
    after = ids[ids.length - 1]!;
  }
  if (failures.length > 0) throw failures[0];
  return count;
}

export function invoiceSchedulesJob(deps: ScheduleRunDeps, everySeconds: number): Job {
  return { name: 'invoice-schedules', everyMs: everySeconds * 1000, run: () => runInvoiceSchedules(deps) };
}
