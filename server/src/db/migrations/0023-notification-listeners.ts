import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: a new notification is announced (pg_notify) only when some app process holds a live stream
 * open for its user, as `notification_listeners` records (modules/notifications/stream-interest.ts).
 *
 * Why: a transaction that has called pg_notify takes one database-wide lock at commit and holds it until its
 * commit is flushed, so every payment, each telling two people, committed one after another through that
 * lock, and each signal woke every process's listener. Almost nobody who is paid has the app open at that
 * moment. With the signal sent only for them, POST /api/transactions on PostgreSQL (2 workers) did 180 →
 * 235 transfers/s in alternating runs (BENCHMARKS.md).
 *
 * A row is (user, process) with an expiry that the process renews while it holds the stream; a process that
 * dies leaves rows that simply expire. The trigger reads the table at the insert, so a payment that inserted
 * its notification just before a stream was announced is not signalled: the stream reads again a few seconds
 * after it opens to pick such a payment up (notification-stream.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create table notification_listeners (
        user_id text not null references users (id) on delete cascade,
        process_id text not null,
        expires_at timestamptz not null,
        primary key (user_id, process_id)
      )`,
    )
    .execute(db);
  await sql
    .raw('create index notification_listeners_process on notification_listeners (process_id)')
    .execute(db);
  await sql
    .raw(
      `create or replace function notifications_signal() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from notification_listeners
                   where user_id = new.user_id and expires_at > now()) then
          perform pg_notify('meridian_notifications', new.user_id);
        end if;
        return null;
      end $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create or replace function notifications_signal() returns trigger language plpgsql as $$
      begin
        perform pg_notify('meridian_notifications', new.user_id);
        return null;
      end $$`,
    )
    .execute(db);
  await sql.raw('drop table notification_listeners').execute(db);
}
