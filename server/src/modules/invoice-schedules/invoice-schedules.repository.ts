import type { Insertable, Kysely, Updateable } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { Database, InvoiceScheduleRunsTable, InvoiceSchedulesTable } from '../../db/schema';

type Db = Kysely<Database>;
type SendState = InvoiceScheduleRunsTable['send_state'];

export function insertSchedule(db: Db, row: Insertable<InvoiceSchedulesTable>) {
  return db.insertInto('invoice_schedules').values(row).execute();
}

/** How many of the user's schedules may still make invoices (active, paused): what the cap counts. */
export async function countLiveSchedules(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('invoice_schedules')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'paused'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listSchedules(db: Db, userId: string) {
  return db
    .selectFrom('invoice_schedules')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The user's own schedule; another user's is simply not found. `lock`: FOR UPDATE on PostgreSQL. */
export function findSchedule(db: Db, userId: string, id: string, lock = false) {
  const query = db
    .selectFrom('invoice_schedules')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id);
  return (lock && isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export function updateSchedule(db: Db, id: string, changes: Updateable<InvoiceSchedulesTable>) {
  return db
    .updateTable('invoice_schedules')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ids of active schedules whose next period has come, after `after` (a page of the job's walk). */
export async function dueScheduleIds(db: Db, today: string, limit: number, after: string) {
  const rows = await db
    .selectFrom('invoice_schedules')
    .select('id')
    .where('status', '=', 'active')
    .where('next_date', '<=', today)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The schedule, if its next period has still come, locked for the transaction. On PostgreSQL a process
 * working on it holds the row (SKIP LOCKED: another process passes it by rather than waiting to repeat the
 * work); on SQLite the one writer takes turns.
 */
export function claimDueSchedule(db: Db, id: string, today: string) {
  const query = db
    .selectFrom('invoice_schedules')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('next_date', '<=', today);
  return (isPostgres(db) ? query.forUpdate().skipLocked() : query).executeTakeFirst();
}

/** Moves the schedule past period `index`, only if no one else did: the number of rows moved (0 or 1). */
export async function advanceSchedule(
  db: Db,
  id: string,
  index: number,
  changes: Updateable<InvoiceSchedulesTable>,
) {
  const result = await db
    .updateTable('invoice_schedules')
    .set(changes)
    .where('id', '=', id)
    .where('next_index', '=', index)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The period's run, unless that period already has one (then undefined: its invoice must not be kept). */
export async function insertRun(db: Db, row: Insertable<InvoiceScheduleRunsTable>) {
  return db
    .insertInto('invoice_schedule_runs')
    .values(row)
    .onConflict((conflict) => conflict.columns(['schedule_id', 'period_date']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Moves a run's send state from `to_send`, only once: whoever moves it tells the owner. */
export async function settleRun(db: Db, id: string, state: Exclude<SendState, 'to_send'>) {
  const result = await db
    .updateTable('invoice_schedule_runs')
    .set({ send_state: state })
    .where('id', '=', id)
    .where('send_state', '=', 'to_send')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Runs made but not sent before `before` (their process stopped, or the send failed for a while). */
export function unsentRuns(db: Db, before: string, limit: number) {
  return db
    .selectFrom('invoice_schedule_runs')
    .selectAll()
    .where('send_state', '=', 'to_send')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export function runsOf(db: Db, scheduleId: string) {
  return db
    .selectFrom('invoice_schedule_runs')
    .select(['period_date', 'invoice_id'])
    .where('schedule_id', '=', scheduleId)
    .orderBy('period_date', 'desc')
    .execute();
}
