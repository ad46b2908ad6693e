import type { Kysely } from 'kysely';

/**
 * Savings goals (modules/goals). A goal's money is in its own customer ledger account (`account_id`, kind
 * `goal:<id>`), so it moves only by ledger entries and is released with its owner like any other account.
 * `set_aside_percent`: the share of every incoming payment in the goal's currency it takes as the payment
 * arrives (null: none).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('savings_goals')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('target_amount', 'bigint', (col) => col.notNull())
    .addColumn('target_date', 'text', (col) => col.notNull())
    .addColumn('account_id', 'text', (col) => col.notNull())
    .addColumn('set_aside_percent', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('savings_goals_user')
    .on('savings_goals')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('savings_goals').execute();
}
