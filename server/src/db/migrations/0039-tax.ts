import type { Kysely } from 'kysely';

/**
 * The tax estimate (modules/tax).
 * - `tax_profiles`: one per user: a preset country or null (a flat rate of the user's own), the rate in basis
 *   points (hundredths of a percent; a rate, not money), the tax year's start, and the set-aside goal chosen
 *   as the tax goal (null: the estimate uses the only set-aside goal, if there is exactly one). No foreign key
 *   to the goal: a deleted goal simply stops being found, and the estimate says so by showing none.
 * - `tax_reminders`: one row per user and estimate date that was reminded. UNIQUE(user_id, due_date) is the
 *   last word on "once per date": the row is inserted in the transaction that raises the notification and
 *   writes the email, so a second process reminding the same date inserts nothing and writes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tax_profiles')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('country', 'text')
    .addColumn('rate_bps', 'integer', (col) => col.notNull())
    .addColumn('year_start_month', 'integer', (col) => col.notNull())
    .addColumn('year_start_day', 'integer', (col) => col.notNull())
    .addColumn('goal_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('tax_reminders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('due_date', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('tax_reminders_user_date', ['user_id', 'due_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tax_reminders').execute();
  await db.schema.dropTable('tax_profiles').execute();
}
