import { sql, type Kysely } from 'kysely';

/**
 * Recurring invoices (modules/invoice-schedules).
 * - `invoice_schedules`: the template (the invoice's fields, its lines as JSON), the frequency counted from
 *   `first_date`, the end (a date or a count), and where it stands: `next_index` is the period the next
 *   invoice is for and `next_date` that period's day (null once stopped or finished), which the job looks up.
 * - `invoice_schedule_runs`: one row per period that made an invoice. UNIQUE(schedule_id, period_date) is the
 *   last word on "once per period": the run row is inserted in the transaction that creates the invoice, so a
 *   second process making the same period fails on it and rolls its invoice (and its number) back.
 *   `send_state`: `draft` (left for review), `to_send` (made, not sent yet), `sent`, `not_sent` (refused).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('invoice_schedules')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_name', 'text', (col) => col.notNull())
    .addColumn('client_email', 'text', (col) => col.notNull())
    .addColumn('client_address', 'text', (col) => col.notNull())
    .addColumn('project_title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('tax_rate', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull().defaultTo('en'))
    .addColumn('notes', 'text', (col) => col.notNull())
    .addColumn('items', 'text', (col) => col.notNull())
    .addColumn('payment_terms_days', 'integer', (col) => col.notNull())
    .addColumn('auto_send', 'integer', (col) => col.notNull())
    .addColumn('frequency', 'text', (col) => col.notNull())
    .addColumn('first_date', 'text', (col) => col.notNull())
    .addColumn('end_date', 'text')
    .addColumn('end_count', 'integer')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('next_index', 'integer', (col) => col.notNull())
    .addColumn('next_date', 'text')
    .addColumn('invoices_made', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_schedules_user')
    .on('invoice_schedules')
    .columns(['user_id', 'created_at'])
    .execute();
  // The job looks up active schedules whose next period has come.
  await db.schema
    .createIndex('invoice_schedules_due')
    .on('invoice_schedules')
    .columns(['next_date'])
    .where(sql.ref('status'), '=', 'active')
    .execute();

  await db.schema
    .createTable('invoice_schedule_runs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('schedule_id', 'text', (col) =>
      col.notNull().references('invoice_schedules.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('period_date', 'text', (col) => col.notNull())
    .addColumn('invoice_id', 'text', (col) => col.notNull())
    .addColumn('send_state', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('invoice_schedule_runs_period', ['schedule_id', 'period_date'])
    .execute();
  await db.schema
    .createIndex('invoice_schedule_runs_to_send')
    .on('invoice_schedule_runs')
    .columns(['created_at'])
    .where(sql.ref('send_state'), '=', 'to_send')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_schedule_runs').execute();
  await db.schema.dropTable('invoice_schedules').execute();
}
