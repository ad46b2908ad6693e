import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The double-entry ledger (see modules/ledger/ledger.service.ts for the rules) and the user-facing history.
 * Money columns are bigint minor units. Foreign keys to users do not cascade: a user with money cannot be
 * deleted by accident; the ledger releases a removed demo's accounts first (modules/ledger/ledger.release.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.references('users.id'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    // Customer accounts only. House accounts keep none, so they never become one hot row that every
    // transfer has to lock and update; their balance is the sum of their postings.
    .addColumn('balance', 'bigint')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addCheckConstraint('ledger_accounts_owner_has_balance', sql`(user_id is null) = (balance is null)`)
    .addCheckConstraint('ledger_accounts_balance_not_negative', sql`balance is null or balance >= 0`)
    .execute();
  // NULLs are distinct in a unique index on both dialects, so house accounts (no user) are not constrained here.
  await db.schema
    .createIndex('ledger_accounts_owner_kind_currency')
    .on('ledger_accounts')
    .columns(['user_id', 'kind', 'currency'])
    .unique()
    .execute();

  await db.schema
    .createTable('journal_entries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('metadata', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('postings')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('entry_id', 'text', (col) => col.notNull().references('journal_entries.id'))
    .addColumn('account_id', 'text', (col) => col.notNull().references('ledger_accounts.id'))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addCheckConstraint('postings_amount_not_zero', sql`amount <> 0`)
    .execute();
  await db.schema.createIndex('postings_entry_id').on('postings').column('entry_id').execute();
  await db.schema.createIndex('postings_account_id').on('postings').column('account_id').execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('entry_id', 'text', (col) => col.notNull().references('journal_entries.id'))
    .addColumn('wallet_id', 'text', (col) => col.references('ledger_accounts.id'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('fee', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('from_currency', 'text')
    .addColumn('to_currency', 'text')
    .addColumn('exchange_rate', 'text')
    .addColumn('converted_amount', 'bigint')
    .addColumn('recipient_email', 'text')
    .addColumn('counterparty', 'text')
    .addColumn('counterparty_email', 'text')
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('transactions_user_created')
    .on('transactions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('transactions_entry_id').on('transactions').column('entry_id').execute();

  await forbidChanges(db, 'postings');
  await forbidChanges(db, 'journal_entries');
}

/**
 * The ledger is append-only: a correction is a new entry, never an edited or removed one. The database itself
 * refuses updates and deletes, so no code path (a demo cleanup, a hurried fix) can rewrite history.
 */
async function forbidChanges(db: Kysely<unknown>, table: string) {
  const message = `${table} are append-only`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create function ${table}_append_only() returns trigger language plpgsql as $$
         begin raise exception '${message}'; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_no_change before update or delete on ${table} for each statement execute function ${table}_append_only()`,
      )
      .execute(db);
  } else {
    for (const operation of ['update', 'delete']) {
      await sql
        .raw(
          `create trigger ${table}_no_${operation} before ${operation} on ${table} begin select raise(abort, '${message}'); end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transactions').execute();
  await db.schema.dropTable('postings').execute();
  await db.schema.dropTable('journal_entries').execute();
  await db.schema.dropTable('ledger_accounts').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop function if exists postings_append_only`.execute(db);
    await sql`drop function if exists journal_entries_append_only`.execute(db);
  }
}
