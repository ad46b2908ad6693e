import type { Kysely } from 'kysely';
import { displayMoney, Money } from '@contract/money';
import type { ErrorCode } from '@contract/errors';
import type { Database, InvoiceRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Job } from '../../jobs/scheduler';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import type { WebhookEvents } from '../webhooks/webhook-events';
import { outstandingOf, reminderMessage, senderOf } from './invoice-mail';
import { findOwner } from './invoice-owners';
import * as repo from './invoices.repository';

const BATCH = 100;
const DAY_MS = 86_400_000;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export interface OverdueDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  notifier: Notifier;
  webhooks?: WebhookEvents | undefined;
  /** Days after the due date on which the client is reminded, ascending (INVOICE_REMINDER_DAYS). */
  reminderDays: readonly number[];
  payUrl: (token: string) => string;
  now?: () => Date;
}

/**
 * The overdue job. A sent or partly paid invoice whose due date (a UTC day) has passed becomes overdue and its owner is told;
 * an overdue invoice's client gets a reminder on each of the configured days after the due date (one a run,
 * so a server that was down catches up one reminder at a time, not all at once). Each batch is one
 * transaction; on PostgreSQL its rows are claimed with SKIP LOCKED, so several processes share the work and
 * never act on one invoice twice. Returns how many invoices it changed.
 */
export async function runOverdueInvoices(deps: OverdueDeps): Promise<number> {
  const { db, mailer, notifier } = deps;
  const today = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
  let changed = 0;

  for (;;) {
    const count = await db.transaction().execute(async (trx) => {
      const due = await repo.claimNewlyOverdue(trx, today, BATCH);
      for (const invoice of due) {
        const moved = await repo.moveStatus(trx, invoice.id, ['sent', 'partially_paid'], 'overdue', {
          updated_at: new Date().toISOString(),
        });
        if (!moved) continue;
        const total = displayMoney(Money.of(BigInt(invoice.total_amount), invoice.currency));
        const left = displayMoney(outstandingOf(invoice));
        await notifier.raise(trx, invoice.user_id, {
          category: 'warning',
          type: 'payment',
          title: 'Invoice overdue',
          message:
            BigInt(invoice.paid_amount) > 0n
              ? `Invoice ${invoice.number} to ${invoice.client_name} was due on ${invoice.due_date}: ${left} of ${total} is unpaid.`
              : `Invoice ${invoice.number} to ${invoice.client_name} (${total}) was due on ${invoice.due_date} and is unpaid.`,
          actionUrl: '/invoices',
          actionText: 'View',
        });
        await deps.webhooks?.record(trx, invoice.user_id, 'invoice.overdue', {
          invoiceId: invoice.id,
          number: invoice.number,
          clientName: invoice.client_name,
          dueDate: invoice.due_date,
          outstanding: outstandingOf(invoice).format(),
          currency: invoice.currency,
        });
      }
      return due.length;
    });
    changed += count;
    if (count < BATCH) break;
  }

  if (deps.reminderDays.length === 0) return changed;
  let after = '';
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const overdue = await repo.claimOverdueForReminders(trx, deps.reminderDays.length, BATCH, after);
      for (const invoice of overdue) {
        if (await remindIfDue(trx, deps, invoice, today)) changed += 1;
      }
      return overdue;
    });
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!.id;
  }
  mailer.kick();
  return changed;
}

/** Why the mailer may refuse a reminder, as the owner is told it. */
const MAIL_REFUSALS = new Map<ErrorCode, string>([
  ['RATE_LIMITED', 'your account reached its hourly limit of emails to other people'],
  ['EMAIL_NOT_VERIFIED', 'your email address is not verified'],
]);

const reminderSkippedNotice = (invoice: InvoiceRow, reason: string) => ({
  category: 'warning' as const,
  type: 'payment' as const,
  title: 'Reminder not sent',
  message: `The reminder to ${invoice.client_name} for invoice ${invoice.number} was not emailed: ${reason}.`,
  actionUrl: '/invoices',
  actionText: 'View',
});

async function remindIfDue(trx: Kysely<Database>, deps: OverdueDeps, invoice: InvoiceRow, today: string) {
  const { notifier } = deps;
  const sent = Number(invoice.reminders_sent);
  const day = deps.reminderDays[sent];
  const daysLate = daysBetween(invoice.due_date, today);
  if (day === undefined || daysLate < day) return false;
  const user = await findOwner(trx, invoice.user_id);
  if (!user) return false;
  // A demo's invoices never email anyone; the reminder is counted so the schedule still moves on.
  if (!user.is_demo) {
    try {
      await deps.mailer.enqueue(
        trx,
        reminderMessage(invoice, senderOf(user), deps.payUrl(invoice.pay_token), daysLate),
      );
    } catch (error) {
      // Over the owner's hourly allowance of mail to others (or no longer allowed to mail them): this
      // reminder is skipped, not retried every run, and the owner is told; the next one is due on its day.
      const reason = error instanceof AppError ? MAIL_REFUSALS.get(error.code) : undefined;
      if (!reason) throw error;
      await notifier.raise(trx, invoice.user_id, reminderSkippedNotice(invoice, reason));
    }
  }
  await repo.updateInvoice(trx, invoice.user_id, invoice.id, { reminders_sent: sent + 1 });
  return true;
}

export function overdueInvoicesJob(deps: OverdueDeps, everySeconds: number): Job {
  return { name: 'overdue-invoices', everyMs: everySeconds * 1000, run: () => runOverdueInvoices(deps) };
}
