import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { up as createPaymentContext } from './0021-payment-context';

/**
 * PostgreSQL only: `stored_functions`, what db/stored-functions.ts last applied from each function file (a
 * sha256 of its text, by path under server/src). From here on a function's text lives in its `.sql` file
 * beside the module that owns its rule, applied after the migrations whenever it changed; the migrations
 * before this one that create functions are history.
 *
 * `payment_context` (migration 0021) goes: its reads are statements again (wallets/wallet-context.ts), as the
 * function did not win its 10% on POST /api/trade (BENCHMARKS.md, "Stored functions: A/B").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create table stored_functions (name text primary key, hash text not null)`.execute(db);
  await sql`drop function if exists payment_context(text, text, text, text, text[], text, boolean)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop table stored_functions`.execute(db);
  await createPaymentContext(db);
}
