import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * `monthly_outflows`: what left each user's wallets per UTC month and currency, kept by triggers on the
 * history rows, so the monthly limit (modules/kyc/spending-limit.ts) reads one row per currency instead of
 * summing the month's history on every payment. That sum cost 230 µs of a SQLite transfer's ~1.5 ms with
 * ~100 rows per user and grew with every payment of the month.
 *
 * Triggers rather than application code, because history rows are written by both ledger paths (the
 * statements on SQLite, `ledger_post_entry` on PostgreSQL) and their status is changed in several modules: a
 * trigger sees every one of them, in the same transaction. A row counts exactly as the sum did (the one
 * definition, `counted` below): not failed or returned; a send or a card payment; an exchange whose entry is
 * an exchange or a trade buy; a USD reservation for a limit order. A row that starts or stops counting (a
 * payment returned) moves the total by its amount; a deleted row (a demo user removed) takes its amount out.
 * The month is the row's own `created_at` (ISO text), so a backdated row counts in its month.
 *
 * On PostgreSQL the total's row is locked by the upsert until commit. Payments of one user already queue on the
 * user's row (the limit check locks it first) and every writer reaches the total after its ledger accounts, so
 * the order of locks stays the same for all.
 */
const counted = (row: 'new' | 'old', entryKind: string) => `(
  ${row}.status not in ('failed', 'returned') and (
    ${row}.type in ('send', 'card_payment')
    or (${row}.type = 'exchange' and ${entryKind} in ('exchange', 'trade_buy'))
    or (${entryKind} = 'order_reservation' and ${row}.from_currency = 'USD')
  ))`;

const kindOf = (row: 'new' | 'old') => `(select kind from journal_entries where id = ${row}.entry_id)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('monthly_outflows')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('amount', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('monthly_outflows_pk', ['user_id', 'month', 'currency'])
    .execute();

  const add = (row: 'new' | 'old', sign: '' | '-') => `
    insert into monthly_outflows (user_id, month, currency, amount)
    values (${row}.user_id, substr(${row}.created_at, 1, 7), ${row}.currency, ${sign}${row}.amount)
    on conflict (user_id, month, currency) do update set amount = monthly_outflows.amount + excluded.amount`;

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create function transactions_monthly_outflow() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') and ${counted('old', kindOf('old'))} then ${add('old', '-')}; end if;
          if tg_op in ('INSERT', 'UPDATE') and ${counted('new', kindOf('new'))} then ${add('new', '')}; end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger transactions_monthly_outflow after insert or delete or update of status on transactions
         for each row execute function transactions_monthly_outflow()`,
      )
      .execute(db);
  } else {
    const triggers = [
      ['insert', `when ${counted('new', kindOf('new'))} begin ${add('new', '')}; end`],
      ['delete', `when ${counted('old', kindOf('old'))} begin ${add('old', '-')}; end`],
      [
        'update_out',
        `when ${counted('old', kindOf('old'))} begin ${add('old', '-')}; end`,
        'update of status',
      ],
      ['update_in', `when ${counted('new', kindOf('new'))} begin ${add('new', '')}; end`, 'update of status'],
    ];
    for (const [name, body, event] of triggers) {
      await sql
        .raw(
          `create trigger transactions_outflow_${name} after ${event ?? name} on transactions for each row ${body}`,
        )
        .execute(db);
    }
  }

  // What the history already holds.
  await sql
    .raw(
      `insert into monthly_outflows (user_id, month, currency, amount)
       select t.user_id, substr(t.created_at, 1, 7), t.currency, sum(t.amount)
       from transactions t join journal_entries j on j.id = t.entry_id
       where ${counted('new', 'j.kind').replaceAll('new.', 't.')}
       group by t.user_id, substr(t.created_at, 1, 7), t.currency`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger transactions_monthly_outflow on transactions`.execute(db);
    await sql`drop function transactions_monthly_outflow()`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update_out', 'update_in'])
      await sql.raw(`drop trigger transactions_outflow_${name}`).execute(db);
  }
  await db.schema.dropTable('monthly_outflows').execute();
}
