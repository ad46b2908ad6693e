import { PostgresAdapter, type Kysely } from 'kysely';

/** Whether queries run on PostgreSQL (row locks, SKIP LOCKED) rather than SQLite (one writer at a time). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: only the adapter is looked at
export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;
