import { sql, type Kysely } from 'kysely';

/**
 * Invoices & Billing (modules/invoices).
 * - `users.home_currency`: the currency a freelancer reports in; invoices are stamped in it.
 * - `invoice_counters`: the last number used per user and year. Taking a number is an upsert that increments
 *   this row inside the creating transaction, so concurrent creates queue on the row (PostgreSQL) or on the
 *   one writer (SQLite) and a rolled-back create gives its number back: no gap, no duplicate.
 * - `invoices`: one row each, money in minor units of `currency`; `pay_token` is the pay link's 128-bit
 *   secret (kept so the owner can copy the link again; it can only show and pay this one invoice).
 * - `invoice_items`: the lines, in `position` order.
 * - `mail_outbox.ref` names what a message is about ("invoice:<id>"), so the invoice can show its email's
 *   state; `attachment` says what to attach when it is delivered (rendered then, never stored).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('home_currency', 'text', (col) => col.notNull().defaultTo('USD'))
    .execute();

  await db.schema
    .createTable('invoice_counters')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('invoice_counters_pk', ['user_id', 'year'])
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('number', 'text', (col) => col.notNull())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('sequence', 'integer', (col) => col.notNull())
    .addColumn('client_name', 'text', (col) => col.notNull())
    .addColumn('client_email', 'text', (col) => col.notNull())
    .addColumn('client_address', 'text', (col) => col.notNull())
    .addColumn('project_title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('tax_rate', 'text', (col) => col.notNull())
    .addColumn('tax_amount', 'bigint', (col) => col.notNull())
    .addColumn('total_amount', 'bigint', (col) => col.notNull())
    .addColumn('issue_date', 'text', (col) => col.notNull())
    .addColumn('due_date', 'text', (col) => col.notNull())
    .addColumn('notes', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('pay_token', 'text', (col) => col.notNull().unique())
    .addColumn('home_currency', 'text', (col) => col.notNull())
    .addColumn('issue_rate', 'text')
    .addColumn('issue_home_amount', 'bigint')
    .addColumn('paid_rate', 'text')
    .addColumn('paid_home_amount', 'bigint')
    .addColumn('paid_via', 'text')
    .addColumn('payment_entry_id', 'text')
    .addColumn('reminders_sent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sent_at', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('invoices_number_unique', ['user_id', 'year', 'sequence'])
    .addCheckConstraint(
      'invoices_figures',
      sql`amount > 0 and tax_amount >= 0 and total_amount = amount + tax_amount`,
    )
    .execute();
  await db.schema
    .createIndex('invoices_user')
    .on('invoices')
    .columns(['user_id', 'created_at desc', 'id desc'])
    .execute();
  // The overdue job walks sent invoices by due date only.
  await db.schema
    .createIndex('invoices_open_due')
    .on('invoices')
    .columns(['status', 'due_date'])
    .where(sql.ref('status'), 'in', ['sent', 'overdue'])
    .execute();

  await db.schema
    .createTable('invoice_items')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('invoice_id', 'text', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('quantity', 'text', (col) => col.notNull())
    .addColumn('unit_price', 'bigint', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('invoice_items_invoice')
    .on('invoice_items')
    .columns(['invoice_id', 'position'])
    .execute();

  await db.schema.alterTable('mail_outbox').addColumn('ref', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('attachment', 'text').execute();
  await db.schema.createIndex('mail_outbox_ref').on('mail_outbox').columns(['ref', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_ref').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('attachment').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('ref').execute();
  await db.schema.dropTable('invoice_items').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('invoice_counters').execute();
  await db.schema.alterTable('users').dropColumn('home_currency').execute();
}
