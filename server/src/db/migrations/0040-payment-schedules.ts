import { sql, type Kysely } from 'kysely';

/**
 * Scheduled and recurring payments (modules/payment-schedules).
 * - `payment_schedules`: what each run pays (a transfer to `recipient_email`, or a conversion), its cadence
 *   counted from `first_date`, its end, and where it stands: `next_index` is the period the next run pays and
 *   `next_date` that period's day (null once cancelled or finished), which the job looks up. `attempts` are the
 *   tries made for that period so far and `retry_at` when the next may be made; `skip_before` (set on resume)
 *   says that periods dated before it are skipped rather than paid late.
 * - `payment_schedule_runs`: one row per period tried, with its outcome. UNIQUE(schedule_id, period_date)
 *   keeps one row per period whoever records it; what keeps a period from being paid twice is the payment's
 *   own idempotency key, derived from the schedule and the period (payment-run-keys.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_schedules')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('amount', 'text', (col) => col.notNull())
    .addColumn('from_currency', 'text', (col) => col.notNull())
    .addColumn('to_currency', 'text', (col) => col.notNull())
    .addColumn('recipient_email', 'text')
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('cadence', 'text', (col) => col.notNull())
    .addColumn('first_date', 'text', (col) => col.notNull())
    .addColumn('end_date', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('next_index', 'integer', (col) => col.notNull())
    .addColumn('next_date', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('retry_at', 'text')
    .addColumn('skip_before', 'text')
    .addColumn('runs_paid', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('payment_schedules_user')
    .on('payment_schedules')
    .columns(['user_id', 'created_at'])
    .execute();
  // The job looks up active schedules whose next period has come.
  await db.schema
    .createIndex('payment_schedules_due')
    .on('payment_schedules')
    .columns(['next_date'])
    .where(sql.ref('status'), '=', 'active')
    .execute();

  await db.schema
    .createTable('payment_schedule_runs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('schedule_id', 'text', (col) =>
      col.notNull().references('payment_schedules.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('period_date', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull())
    .addColumn('message', 'text')
    .addColumn('transaction_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('payment_schedule_runs_period', ['schedule_id', 'period_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_schedule_runs').execute();
  await db.schema.dropTable('payment_schedules').execute();
}
