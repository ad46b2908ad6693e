import { sql, type Kysely } from 'kysely';

/**
 * Trading (modules/trading) and price quotes (modules/quotes):
 * - `quotes`: a price shown before a confirm step, with its terms, held until `expires_at` and used at most
 *   once, by its own user only. In the database so that any app process honours it.
 * - `trading_orders`: market orders (filled at once) and limit orders (their funds reserved at once, filled
 *   by the matching job when the market reaches the limit, or cancelled).
 * - `holdings`: the cost basis of what each user bought, by the average-cost method, moved on every fill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('quotes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('terms', 'text', (col) => col.notNull())
    .addColumn('price', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('quotes_expires').on('quotes').column('expires_at').execute();

  await db.schema
    .createTable('trading_orders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('asset', 'text', (col) => col.notNull())
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .addColumn('limit_price', 'bigint')
    .addColumn('fill_price', 'bigint')
    .addColumn('value', 'bigint', (col) => col.notNull())
    .addColumn('fee', 'bigint', (col) => col.notNull())
    .addColumn('total', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('transaction_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('filled_at', 'text')
    .addCheckConstraint('trading_orders_positive', sql`quantity > 0 and value > 0 and total > 0`)
    .execute();
  await db.schema
    .createIndex('trading_orders_user')
    .on('trading_orders')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  // The matching job looks only at pending limit orders, so the index is as small as the order book.
  await db.schema
    .createIndex('trading_orders_pending')
    .on('trading_orders')
    .columns(['asset', 'limit_price'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('holdings')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('asset', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull().unique())
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .addColumn('cost', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('holdings_pk', ['user_id', 'asset'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('holdings').execute();
  await db.schema.dropTable('trading_orders').execute();
  await db.schema.dropTable('quotes').execute();
}
