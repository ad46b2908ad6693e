import type { Kysely, Updateable } from 'kysely';
import {
  MAX_INVOICE_SCHEDULES,
  type CreateScheduleRequest,
  type InvoiceSchedule,
  type ScheduleInvoice,
  type ScheduleStatus,
  type UpdateScheduleRequest,
} from '@contract/invoice-schedules';
import { invoiceCeilingIssues } from '@contract/invoice-math';
import { lockPerUser } from '../../db/per-user-lock';
import type { Database, InvoiceScheduleRow, InvoiceSchedulesTable } from '../../db/schema';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { InvoicesFace } from '../invoices/invoices';
import { itemsOfRow, toSchedule } from './invoice-schedules.mapper';
import * as repo from './invoice-schedules.repository';
import { dayOf, firstPeriodFrom, positionAt } from './schedule-periods';

export interface SchedulesDeps {
  db: Kysely<Database>;
  invoices: InvoicesFace;
  /** The clock (tests set it); the schedule's days are its UTC days. */
  now?: () => Date;
}

export type InvoiceSchedulesService = ReturnType<typeof createInvoiceSchedulesService>;

/** Recurring invoices: the owner's schedules and their states. Making the invoices is schedule-runs.ts. */
export function createInvoiceSchedulesService(deps: SchedulesDeps) {
  const { db } = deps;
  const today = () => dayOf(deps.now?.() ?? new Date());

  async function own(trx: Kysely<Database>, userId: string, id: string, lock = false) {
    const row = await repo.findSchedule(trx, userId, id, lock);
    if (!row) throw notFound('Schedule');
    return row;
  }

  /** Changes the owner's schedule in one transaction, when its status is one of `from` (else a 409). */
  function change(
    userId: string,
    id: string,
    from: readonly ScheduleStatus[],
    changes: (row: InvoiceScheduleRow) => Updateable<InvoiceSchedulesTable>,
  ): Promise<InvoiceSchedule> {
    return db.transaction().execute(async (trx) => {
      const row = await own(trx, userId, id, true);
      if (!from.includes(row.status)) {
        throw new AppError('CONFLICT', `This schedule is ${row.status}: it can no longer change that way`);
      }
      const { id: _id, user_id: _user, created_at: _created, ...rest } = changes(row);
      const updated = await repo.updateSchedule(trx, id, { ...rest, updated_at: new Date().toISOString() });
      return toSchedule(updated);
    });
  }

  /** The status and next date for period `index`: finished once the end is reached. */
  const placed = (rule: Parameters<typeof positionAt>[0], index: number, status: ScheduleStatus) => {
    const position = positionAt(rule, index);
    return {
      next_index: position.next_index,
      next_date: position.next_date,
      status: position.finished ? ('finished' as const) : status,
    };
  };

  return {
    list: async (userId: string) => (await repo.listSchedules(db, userId)).map(toSchedule),
    get: async (userId: string, id: string) => toSchedule(await own(db, userId, id)),

    async create(userId: string, body: CreateScheduleRequest): Promise<InvoiceSchedule> {
      if (body.firstDate < today()) invalidFieldsThrow({ firstDate: 'The first date cannot be in the past' });
      const at = new Date().toISOString();
      const rule = {
        first_date: body.firstDate,
        frequency: body.frequency,
        end_date: body.endDate,
        end_count: body.endCount,
      };
      const row = {
        id: newId(),
        user_id: userId,
        client_name: body.clientName,
        client_email: body.clientEmail,
        client_address: body.clientAddress,
        project_title: body.projectTitle,
        description: body.description,
        currency: body.currency,
        tax_rate: body.taxRate,
        language: body.language,
        notes: body.notes,
        items: JSON.stringify(body.items),
        payment_terms_days: body.paymentTermsDays,
        auto_send: body.autoSend ? 1 : 0,
        ...rule,
        ...placed(rule, 0, 'active'),
        invoices_made: 0,
        created_at: at,
        updated_at: at,
      };
      await db.transaction().execute(async (trx) => {
        await lockPerUser(trx, 'invoice-schedules', userId);
        if ((await repo.countLiveSchedules(trx, userId)) >= MAX_INVOICE_SCHEDULES) {
          throw new AppError(
            'BUSINESS_RULE',
            `You can have at most ${MAX_INVOICE_SCHEDULES} recurring invoices. Stop one you no longer need first.`,
          );
        }
        await repo.insertSchedule(trx, row);
      });
      return toSchedule(row);
    },

    /** The template and end for the invoices still to come; setting an end date clears a count and back. */
    update: (userId: string, id: string, body: UpdateScheduleRequest) =>
      change(userId, id, ['active', 'paused'], (row) => {
        const currency = body.currency ?? row.currency;
        const items = body.items ?? itemsOfRow(row);
        const taxRate = body.taxRate ?? row.tax_rate;
        const issues = invoiceCeilingIssues(currency, items, taxRate);
        if (issues.length > 0) {
          invalidFieldsThrow(
            Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message])),
          );
        }
        const rule = {
          first_date: row.first_date,
          frequency: row.frequency,
          end_date: body.endDate !== undefined ? body.endDate : body.endCount != null ? null : row.end_date,
          end_count:
            body.endCount !== undefined ? body.endCount : body.endDate != null ? null : row.end_count,
        };
        return {
          ...(body.clientName !== undefined && { client_name: body.clientName }),
          ...(body.clientEmail !== undefined && { client_email: body.clientEmail }),
          ...(body.clientAddress !== undefined && { client_address: body.clientAddress }),
          ...(body.projectTitle !== undefined && { project_title: body.projectTitle }),
          ...(body.description !== undefined && { description: body.description }),
          ...(body.notes !== undefined && { notes: body.notes }),
          ...(body.language !== undefined && { language: body.language }),
          ...(body.paymentTermsDays !== undefined && { payment_terms_days: body.paymentTermsDays }),
          ...(body.autoSend !== undefined && { auto_send: body.autoSend ? 1 : 0 }),
          currency,
          tax_rate: taxRate,
          items: JSON.stringify(items),
          end_date: rule.end_date,
          end_count: rule.end_count === null ? null : Number(rule.end_count),
          ...placed(rule, Number(row.next_index), row.status),
        };
      }),

    /** A paused schedule makes nothing; the periods it misses are skipped, not caught up on resume. */
    pause: (userId: string, id: string) => change(userId, id, ['active'], () => ({ status: 'paused' })),
    resume: (userId: string, id: string) =>
      change(userId, id, ['paused'], (row) =>
        placed(row, firstPeriodFrom(row, Number(row.next_index), today()), 'active'),
      ),
    stop: (userId: string, id: string) =>
      change(userId, id, ['active', 'paused'], () => ({ status: 'stopped', next_date: null })),

    /** The invoices the schedule made that still exist (a deleted draft is gone), newest period first. */
    async invoices(userId: string, id: string): Promise<ScheduleInvoice[]> {
      await own(db, userId, id);
      const runs = await repo.runsOf(db, id);
      const invoices = new Map(
        (
          await deps.invoices.invoicesOf(
            userId,
            runs.map((run) => run.invoice_id),
          )
        ).map((invoice) => [invoice.id, invoice]),
      );
      return runs.flatMap((run) => {
        const invoice = invoices.get(run.invoice_id);
        return invoice ? [{ periodDate: run.period_date, invoice }] : [];
      });
    },
  };
}

function invalidFieldsThrow(fields: Record<string, string>): never {
  throw invalidFields(fields);
}
