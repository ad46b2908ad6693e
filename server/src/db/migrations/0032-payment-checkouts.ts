import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { addIntegerTriggers } from './0030-invoice-payments';

/**
 * The card payment rail (modules/payments):
 * - `payment_checkouts`: one per Checkout Session opened at the processor, for an invoice (subject: the
 *   invoice) or a wallet top-up (subject: the wallet). `user_id` is whose wallet the money lands in. Its status
 *   leaves `open` once: the webhook that moves it to `paid` credits the wallet in the same transaction, so a
 *   checkout credits once however many events say it was paid. `request_key` is the Idempotency-Key of the
 *   request that opened it: a retry gets the same checkout back. `amount` is what the card is charged;
 *   `credit_amount` what the wallet receives: the same, except for a BTC/ETH invoice paid by card, charged in
 *   a fiat currency at a quote held when the checkout opened.
 * - `payment_events`: the id of every processor event taken in, so each is processed once.
 * - SQLite: the money columns get the integer-only triggers.
 */
export const sqliteCheckoutMoneyColumns = [
  { table: 'payment_checkouts', trigger: 'payment_checkouts', columns: ['amount', 'credit_amount', 'fee'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_checkouts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('credit_amount', 'bigint', (col) => col.notNull())
    .addColumn('credit_currency', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_session_id', 'text', (col) => col.unique())
    .addColumn('checkout_url', 'text')
    .addColumn('request_key', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('fee', 'bigint')
    .addColumn('entry_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('completed_at', 'text')
    .addUniqueConstraint('payment_checkouts_request_key', ['user_id', 'request_key'])
    .addCheckConstraint('payment_checkouts_purpose', sql`purpose in ('invoice', 'top_up')`)
    .addCheckConstraint('payment_checkouts_status', sql`status in ('open', 'paid', 'expired')`)
    .addCheckConstraint('payment_checkouts_amount_positive', sql`amount > 0`)
    .execute();
  await db.schema
    .createIndex('payment_checkouts_subject')
    .on('payment_checkouts')
    .columns(['subject_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await addIntegerTriggers(db, sqliteCheckoutMoneyColumns);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('payment_checkouts').execute();
}
