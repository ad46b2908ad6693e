import type { Kysely } from 'kysely';
import type { PaymentRun, PaymentSchedule, PaymentSchedulePageQuery } from '@contract/payment-schedules';
import type { Database } from '../../db/schema';
import { decodeKeyset, encodeKeyset, ISO_TIME, ROW_ID } from '../../lib/keyset-cursor';
import { toRun, toSchedule } from './payment-schedules.mapper';
import * as repo from './payment-schedules.repository';

export interface Page<T> {
  items: T[];
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One row more than asked tells whether another page follows, without a count. */
function pageOf<R, T>(rows: R[], limit: number, map: (rows: R[]) => T[], key: (row: R) => string[]): Page<T> {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return { items: map(kept), nextCursor: rows.length > limit && last ? encodeKeyset(key(last)) : null };
}

/** A page of the user's schedules, newest first, each with its latest run. */
export async function schedulePage(
  db: Kysely<Database>,
  userId: string,
  query: PaymentSchedulePageQuery,
): Promise<Page<PaymentSchedule>> {
  const [createdAt, id] = query.cursor ? decodeKeyset(query.cursor, [ISO_TIME, ROW_ID]) : [];
  const after = createdAt && id ? { createdAt, id } : null;
  const rows = await repo.listSchedules(db, userId, after, query.limit + 1);
  const page = pageOf(
    rows,
    query.limit,
    (kept) => kept,
    (row) => [row.created_at, row.id],
  );
  const last = new Map(
    (
      await repo.latestRuns(
        db,
        page.items.map((row) => row.id),
      )
    ).map((run) => [run.schedule_id, run]),
  );
  return { ...page, items: page.items.map((row) => toSchedule(row, last.get(row.id))) };
}

/** A page of one schedule's runs, latest period first. */
export async function runPage(
  db: Kysely<Database>,
  scheduleId: string,
  query: PaymentSchedulePageQuery,
): Promise<Page<PaymentRun>> {
  const [before] = query.cursor ? decodeKeyset(query.cursor, [DAY]) : [];
  const rows = await repo.runsOf(db, scheduleId, before ?? null, query.limit + 1);
  return pageOf(
    rows,
    query.limit,
    (kept) => kept.map(toRun),
    (row) => [row.period_date],
  );
}
