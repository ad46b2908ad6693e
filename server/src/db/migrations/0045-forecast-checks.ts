import type { Kysely } from 'kysely';

/**
 * When each user's forecast is next looked at for warnings (modules/forecast). The warnings job runs in every
 * process; a process takes a user only by moving `next_check_at` from the past to its next run, in one
 * conditional upsert, so a user's forecast is computed once per interval however many processes there are.
 * A user without a row has never been looked at and is due.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('forecast_checks')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('next_check_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('forecast_checks').execute();
}
