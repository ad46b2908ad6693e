import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: a session that ends, however it ends (sign-out, "sign out everywhere", a password change,
 * idle expiry, its user removed by cascade, a statement typed by hand), is announced on `meridian_sessions`
 * with its id, at commit. Every app process listens (modules/auth/session-cache.ts: SESSIONS_CHANNEL, the same
 * name) and forgets that session at once, which is what lets a process answer a signed-in request without
 * asking the database who the cookie belongs to.
 *
 * So is any other change a remembered copy could be wrong about: a new expiry, a last-seen time moved back, a
 * new owner. The one update the app makes on every few requests, last-seen moving forward, is not announced:
 * a copy that is behind on it only looks idle sooner, and a session that looks idle is read again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create function sessions_signal() returns trigger language plpgsql as $$
      begin
        perform pg_notify('meridian_sessions', old.id);
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger sessions_changed_signal after update on sessions for each row
       when (new.id <> old.id or new.user_id <> old.user_id or new.expires_at <> old.expires_at
             or new.last_seen_at < old.last_seen_at)
       execute function sessions_signal()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger sessions_signal after delete on sessions
       for each row execute function sessions_signal()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw('drop trigger if exists sessions_changed_signal on sessions').execute(db);
  await sql.raw('drop trigger if exists sessions_signal on sessions').execute(db);
  await sql.raw('drop function if exists sessions_signal()').execute(db);
}
