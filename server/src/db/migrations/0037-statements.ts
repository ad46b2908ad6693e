import type { Kysely } from 'kysely';

/**
 * `statements`: one closed month of one wallet (modules/statements), stored once: UNIQUE(account_id, month), so
 * two processes closing the same month at once leave one row. It keeps no money, only the digest of the
 * month's entries and the digest of the wallet's month before, so the chain can be recomputed from the ledger
 * at any time (GET /api/statements/verify) and a changed posting or history row shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('statements')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (col) => col.notNull().references('ledger_accounts.id'))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('movements', 'integer', (col) => col.notNull())
    .addColumn('digest', 'text', (col) => col.notNull())
    .addColumn('previous_digest', 'text', (col) => col.notNull())
    .addColumn('closed_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('statements_account_month')
    .on('statements')
    .columns(['account_id', 'month'])
    .unique()
    .execute();
  await db.schema
    .createIndex('statements_user_month')
    .on('statements')
    .columns(['user_id', 'month'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('statements').execute();
}
