import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: the shared rate-limit counters (0007) become an UNLOGGED table. Every API request upserts
 * one counter row, and with a logged table each of those commits waited for its own WAL flush: under load
 * the requests of one client queued on the counter row's lock and an fsync each, and GET /api/wallets ran at
 * a fraction of what the same server does on SQLite (BENCHMARKS.md). Counters are worth no durability: after a
 * crash PostgreSQL empties an unlogged table, so every window simply starts again, as it does every minute.
 * (Unlogged tables are not copied to streaming replicas either; a promoted replica also starts at zero.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table rate_limits set unlogged`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table rate_limits set logged`.execute(db);
}
