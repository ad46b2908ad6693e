import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: `stored_functions`, what db/stored-functions.ts last applied from each function file (a
 * sha256 of its text, by path under server/src). From here on a function's text lives in its `.sql` file
 * beside the module that owns its rule, applied after the migrations whenever it changed; the migrations
 * before this one that create functions are history.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create table stored_functions (name text primary key, hash text not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop table stored_functions`.execute(db);
}
