import { PostgresAdapter, type Kysely } from 'kysely';
import { addIntegerTriggers } from './0030-invoice-payments';

/**
 * The cash-flow forecast (modules/forecast).
 * - `forecast_floors`: the balance the owner wants a wallet to stay above, per user and currency, in minor
 *   units of that currency. No row: no floor (zero). A floor set back to zero deletes its row.
 * - `forecast_warnings`: one row per warning the owner was told about. UNIQUE(user_id, currency, kind,
 *   warning_date, cause) is the last word on "told once": the row is inserted in the transaction that raises
 *   the notification, so a second run or a second process inserts nothing and raises nothing. A warning that
 *   moves to another day, or gets another cause, is a new warning and is told again.
 * - `forecast_tax_estimates`: the tax estimate's figures the forecast uses (the next estimate date and the
 *   part of the year's tax not set aside), as of `computed_on`. The estimate totals the tax year's history, too
 *   slow to repeat on every forecast of a long history: it is computed when a forecast first needs it, then
 *   once a day by the warnings job.
 * - SQLite: the money columns (a floor, a shortfall) get the integer-only triggers.
 */
export const sqliteForecastMoneyColumns = [
  { table: 'forecast_floors', trigger: 'forecast_floors', columns: ['floor'] },
  { table: 'forecast_tax_estimates', trigger: 'forecast_tax_estimates', columns: ['shortfall'] },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('forecast_floors')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('floor', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('forecast_floors_pk', ['user_id', 'currency'])
    .execute();

  await db.schema
    .createTable('forecast_warnings')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('warning_date', 'text', (col) => col.notNull())
    .addColumn('cause', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('forecast_warnings_once', ['user_id', 'currency', 'kind', 'warning_date', 'cause'])
    .execute();

  await db.schema
    .createTable('forecast_tax_estimates')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('computed_on', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('next_date', 'text', (col) => col.notNull())
    .addColumn('shortfall', 'bigint', (col) => col.notNull())
    .execute();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await addIntegerTriggers(db, sqliteForecastMoneyColumns);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('forecast_tax_estimates').execute();
  await db.schema.dropTable('forecast_warnings').execute();
  await db.schema.dropTable('forecast_floors').execute();
}
