import { sql, type Kysely } from 'kysely';

/**
 * Sending money (modules/transfers) and the history screen (modules/transactions):
 * - `payouts`: money sent to someone outside Meridian, held in the payouts-pending house account until the
 *   settlement job pays it out. No foreign key to users or transactions: a payout already on its way still
 *   settles when an idle demo user (and their history rows) is removed.
 * - `saved_recipients`: the user's address book for Send Money.
 * - history indexes: newest first per user, and per user and type for the filter tabs (keyset pagination on
 *   (created_at, id)). The first replaces the older (user_id, created_at) index, which it covers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payouts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('transaction_id', 'text', (col) => col.notNull())
    .addColumn('entry_id', 'text', (col) => col.notNull().references('journal_entries.id'))
    .addColumn('recipient_email', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('settled_at', 'text')
    .addColumn('settlement_entry_id', 'text', (col) => col.references('journal_entries.id'))
    .addCheckConstraint('payouts_amount_positive', sql`amount > 0`)
    .execute();
  // Only pending payouts are ever looked up by time, so the index stays as small as the queue.
  await db.schema
    .createIndex('payouts_pending_created')
    .on('payouts')
    .column('created_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('saved_recipients')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('saved_recipients_user_email')
    .on('saved_recipients')
    .columns(['user_id', 'email'])
    .unique()
    .execute();

  await db.schema.dropIndex('transactions_user_created').execute();
  await db.schema
    .createIndex('transactions_user_created_id')
    .on('transactions')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('transactions_user_type_created_id')
    .on('transactions')
    .columns(['user_id', 'type', 'created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('transactions_user_type_created_id').execute();
  await db.schema.dropIndex('transactions_user_created_id').execute();
  await db.schema
    .createIndex('transactions_user_created')
    .on('transactions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.dropTable('saved_recipients').execute();
  await db.schema.dropTable('payouts').execute();
}
