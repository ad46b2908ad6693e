import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Deposits and part payments (modules/invoices).
 * - `invoices.deposit_amount`: the deposit asked before the rest, in minor units (0: none), worked out when
 *   the invoice is saved from a percentage or an amount; `min_payment`: the least part payment (0: any);
 *   `paid_amount`: the sum of its payments, moved in the same transaction as each payment row.
 * - `invoice_payments`: one row per payment, with its home-currency value at its own rate (realised FX) and
 *   the ledger entry that credited it (null when recorded without money moving through Meridian).
 * - Invoices paid before this migration get their one payment row, so payments always add up to `paid_amount`.
 * - The overdue job's index covers `partially_paid` too.
 * - SQLite: the new money columns get migration 0024's integer-only triggers (named after `trigger` below).
 */
export const sqlitePaymentMoneyColumns = [
  { table: 'invoices', trigger: 'invoices_terms', columns: ['deposit_amount', 'min_payment', 'paid_amount'] },
  { table: 'invoice_payments', trigger: 'invoice_payments', columns: ['amount', 'home_amount'] },
];

/**
 * SQLite's integer-only triggers on money columns, as migration 0024 made them; later migrations use it for
 * theirs. A null passes (a NOT NULL column refuses it on its own; a nullable one may hold it).
 */
export async function addIntegerTriggers(
  db: Kysely<unknown>,
  list: ReadonlyArray<{ table: string; trigger: string; columns: readonly string[] }>,
): Promise<void> {
  for (const { table, trigger, columns } of list) {
    const when = columns.map((column) => `typeof(new.${column}) not in ('integer', 'null')`).join(' or ');
    const refuse = `select raise(abort, '${table}: money must be an integer count of minor units')`;
    for (const [event, on] of [
      ['insert', 'insert'],
      ['update', `update of ${columns.join(', ')}`],
    ]) {
      await sql
        .raw(
          `create trigger ${trigger}_money_integer_${event} before ${on} on ${table}
           for each row when ${when} begin ${refuse}; end`,
        )
        .execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('invoices')
    .addColumn('deposit_amount', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('min_payment', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('paid_amount', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('invoice_payments')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('invoice_id', 'text', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('via', 'text', (col) => col.notNull())
    .addColumn('rate', 'text', (col) => col.notNull())
    .addColumn('home_currency', 'text', (col) => col.notNull())
    .addColumn('home_amount', 'bigint', (col) => col.notNull())
    .addColumn('entry_id', 'text')
    .addColumn('paid_at', 'text', (col) => col.notNull())
    .addCheckConstraint('invoice_payments_positive', sql`amount > 0`)
    .execute();
  await db.schema
    .createIndex('invoice_payments_invoice')
    .on('invoice_payments')
    .columns(['invoice_id', 'paid_at'])
    .execute();

  await sql`update invoices set paid_amount = total_amount where status = 'paid'`.execute(db);
  await sql`
    insert into invoice_payments
      (id, invoice_id, amount, currency, via, rate, home_currency, home_amount, entry_id, paid_at)
    select 'paid-' || id, id, total_amount, currency, coalesce(paid_via, 'manual'), coalesce(paid_rate, '1'),
           home_currency, coalesce(paid_home_amount, total_amount), payment_entry_id, coalesce(paid_at, updated_at)
      from invoices where status = 'paid'`.execute(db);

  await db.schema.dropIndex('invoices_open_due').execute();
  await db.schema
    .createIndex('invoices_open_due')
    .on('invoices')
    .columns(['status', 'due_date'])
    .where(sql.ref('status'), 'in', ['sent', 'partially_paid', 'overdue'])
    .execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await addIntegerTriggers(db, sqlitePaymentMoneyColumns);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const { trigger } of sqlitePaymentMoneyColumns) {
      await sql.raw(`drop trigger if exists ${trigger}_money_integer_insert`).execute(db);
      await sql.raw(`drop trigger if exists ${trigger}_money_integer_update`).execute(db);
    }
  }
  await db.schema.dropIndex('invoices_open_due').execute();
  await db.schema
    .createIndex('invoices_open_due')
    .on('invoices')
    .columns(['status', 'due_date'])
    .where(sql.ref('status'), 'in', ['sent', 'overdue'])
    .execute();
  await db.schema.dropTable('invoice_payments').execute();
  await db.schema.alterTable('invoices').dropColumn('paid_amount').execute();
  await db.schema.alterTable('invoices').dropColumn('min_payment').execute();
  await db.schema.alterTable('invoices').dropColumn('deposit_amount').execute();
}
