import type { Kysely } from 'kysely';

/**
 * `transaction_receipts` (modules/receipts): the file a user attached to an outgoing history row, one per row
 * (a new upload replaces it). The bytes live in file storage under `storage_key` (a generated id, never the
 * client's file name); `file_name` is the client's name, cleaned, kept only to show and to name the download.
 * `transaction_at` is the history row's time, copied (a row's time never changes), so a period's receipts
 * are one range on (user_id, transaction_at) for the accountant pack.
 *
 * `transaction_id` has no foreign key on purpose: a removed user's history rows are deleted by the
 * transactions module's removal hook, and a cascade from them would take these rows before the receipts
 * module's own hook has read which files to delete. The rows go with the user (cascade on user_id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('transaction_receipts')
    .addColumn('transaction_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('file_name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('transaction_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('transaction_receipts_user_time')
    .on('transaction_receipts')
    .columns(['user_id', 'transaction_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transaction_receipts').execute();
}
