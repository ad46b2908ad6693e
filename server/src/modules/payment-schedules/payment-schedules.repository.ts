import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { PaymentRunOutcome } from '@contract/payment-schedules';
import { isPostgres } from '../../db/dialect';
import type { Database, PaymentScheduleRunsTable, PaymentSchedulesTable } from '../../db/schema';
import { newId } from '../../lib/ids';

type Db = Kysely<Database>;

export function insertSchedule(db: Db, row: Insertable<PaymentSchedulesTable>) {
  return db.insertInto('payment_schedules').values(row).execute();
}

/** Where a page of the list starts: strictly after this schedule, newest first. */
export interface ScheduleCursor {
  createdAt: string;
  id: string;
}

/** One page of the user's schedules, newest first, after `after`; one walk down payment_schedules_user. */
export function listSchedules(db: Db, userId: string, after: ScheduleCursor | null, limit: number) {
  let select = db.selectFrom('payment_schedules').selectAll().where('user_id', '=', userId);
  if (after) {
    select = select.where((eb) =>
      eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(after.createdAt, after.id)),
    );
  }
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** How many of the user's schedules may still pay (active, paused, waiting): what the cap counts. */
export async function countLiveSchedules(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('payment_schedules')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'paused', 'waiting'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's schedules that still pay: what the forecast reads. */
export function payingSchedules(db: Db, userId: string) {
  return db
    .selectFrom('payment_schedules')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'waiting'])
    .where('next_date', 'is not', null)
    .execute();
}

/** The user's own schedule; another user's is simply not found. `lock`: FOR UPDATE on PostgreSQL. */
export function findSchedule(db: Db, userId: string, id: string, lock = false) {
  const query = db
    .selectFrom('payment_schedules')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id);
  return (lock && isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

/** Any schedule, locked for the transaction on PostgreSQL (the job's record of a try). */
export function lockSchedule(db: Db, id: string) {
  const query = db.selectFrom('payment_schedules').selectAll().where('id', '=', id);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export function updateSchedule(db: Db, id: string, changes: Updateable<PaymentSchedulesTable>) {
  return db
    .updateTable('payment_schedules')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ids of active schedules whose next period has come and may be tried now, after `after` (a page). */
export async function dueScheduleIds(db: Db, today: string, now: string, limit: number, after: string) {
  const rows = await db
    .selectFrom('payment_schedules')
    .select('id')
    .where('status', '=', 'active')
    .where('next_date', '<=', today)
    .where((eb) => eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', now)]))
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** The schedule if its next period is still due and may be tried now. */
export function dueSchedule(db: Db, id: string, today: string, now: string) {
  return db
    .selectFrom('payment_schedules')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('next_date', '<=', today)
    .where((eb) => eb.or([eb('retry_at', 'is', null), eb('retry_at', '<=', now)]))
    .executeTakeFirst();
}

/**
 * Records a try of a period: the run row is made, or its outcome moved on with one more attempt; true when a
 * row was written. A period already recorded paid stays as it is (a second process, or a replay, tells
 * nothing new). A skipped period stays skipped, except that it becomes paid: a payment that was in flight
 * while its owner paused and resumed the schedule still moved the money.
 */
export async function recordRun(
  db: Db,
  row: { schedule_id: string; user_id: string; period_date: string },
  outcome: PaymentRunOutcome,
  details: { message?: string | null; transaction_id?: string | null } = {},
) {
  const at = new Date().toISOString();
  const message = details.message ?? null;
  const transactionId = details.transaction_id ?? null;
  const values: Insertable<PaymentScheduleRunsTable> = {
    id: newId(),
    ...row,
    outcome,
    attempts: outcome === 'skipped' ? 0 : 1,
    message,
    transaction_id: transactionId,
    created_at: at,
    updated_at: at,
  };
  const written = await db
    .insertInto('payment_schedule_runs')
    .values(values)
    .onConflict((conflict) =>
      conflict
        .columns(['schedule_id', 'period_date'])
        .doUpdateSet({
          outcome,
          // A skipped period was not tried: its count stays.
          attempts:
            outcome === 'skipped'
              ? sql<number>`payment_schedule_runs.attempts`
              : sql<number>`payment_schedule_runs.attempts + 1`,
          message,
          transaction_id: transactionId,
          updated_at: at,
        })
        .where(
          'payment_schedule_runs.outcome',
          'not in',
          outcome === 'paid' ? ['paid'] : ['paid', 'skipped'],
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return written !== undefined;
}

/** One page of a schedule's runs, latest period first, before the period `before` (one run per period). */
export function runsOf(db: Db, scheduleId: string, before: string | null, limit: number) {
  let select = db.selectFrom('payment_schedule_runs').selectAll().where('schedule_id', '=', scheduleId);
  if (before) select = select.where('period_date', '<', before);
  return select.orderBy('period_date', 'desc').limit(limit).execute();
}

/** The newest run (by period) of each schedule in `ids`. */
export async function latestRuns(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('payment_schedule_runs as run')
    .selectAll('run')
    .where('run.schedule_id', 'in', ids)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payment_schedule_runs as later')
            .select('later.id')
            .whereRef('later.schedule_id', '=', 'run.schedule_id')
            .whereRef('later.period_date', '>', 'run.period_date'),
        ),
      ),
    )
    .execute();
}
