import type { Kysely } from 'kysely';

/**
 * Categories, rules and notes of the user's books (modules/categories). The `transactions` table is not
 * touched: its rows are written by the ledger (on PostgreSQL inside ledger_post_entry), so a row's category is
 * not stored with it. Instead:
 * - `categories`: the user's own categories (the built-ins live in contract/src/categories.ts);
 * - `category_rules`: "contains X → category Y", with the time it took effect and, once changed or deleted,
 *   the time it stopped (`retired_at`), so a row is always guessed from the rules that stood when it was made;
 * - `transaction_categories`: the category a user, an accountant or a rule applied to past rows gave a row;
 *   rows without one read their guess (categories-sql.ts);
 * - `transaction_notes`: one note per row, with who wrote it and when.
 * Two indexes let the guess look up a card payment's merchant category and an invoice payment's stamped home
 * value by the row's ids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // lower(name): one name per user whatever its case.
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('deductible', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('categories_user_name')
    .on('categories')
    .columns(['user_id', 'name_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('category_rules')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('contains', 'text', (col) => col.notNull())
    // The LIKE pattern the guess compares with: '%' + lower(contains), % _ \ escaped + '%'.
    .addColumn('pattern', 'text', (col) => col.notNull())
    .addColumn('category_id', 'text', (col) => col.notNull())
    // Which rows it may file, by the category's kind: 'in' (income), 'out' (expense, tax) or 'any'.
    .addColumn('direction', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('retired_at', 'text')
    .execute();
  await db.schema
    .createIndex('category_rules_user_created')
    .on('category_rules')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('transaction_categories')
    .addColumn('transaction_id', 'text', (col) =>
      col.primaryKey().references('transactions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('category_id', 'text', (col) => col.notNull())
    // 'user' (the owner or their accountant chose it) or 'rule' (a rule applied to past rows).
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('set_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('transaction_categories_user_category')
    .on('transaction_categories')
    .columns(['user_id', 'category_id'])
    .execute();

  await db.schema
    .createTable('transaction_notes')
    .addColumn('transaction_id', 'text', (col) =>
      col.primaryKey().references('transactions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('written_by', 'text', (col) => col.notNull())
    .addColumn('author_id', 'text', (col) => col.notNull())
    .addColumn('written_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createIndex('card_purchases_transaction')
    .on('card_purchases')
    .column('transaction_id')
    .execute();
  await db.schema.createIndex('invoice_payments_entry').on('invoice_payments').column('entry_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoice_payments_entry').execute();
  await db.schema.dropIndex('card_purchases_transaction').execute();
  await db.schema.dropTable('transaction_notes').execute();
  await db.schema.dropTable('transaction_categories').execute();
  await db.schema.dropTable('category_rules').execute();
  await db.schema.dropTable('categories').execute();
}
