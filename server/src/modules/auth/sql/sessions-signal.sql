-- sessions_signal: the trigger function behind migration 0020's triggers sessions_signal (after delete on
-- sessions) and sessions_changed_signal (after an update a remembered copy could be wrong about). It announces
-- the session's id on SESSIONS_CHANNEL (session-cache.ts: the same name) at commit, and every app process
-- forgets that session at once.
create or replace function sessions_signal() returns trigger language plpgsql as $fn$
begin
  perform pg_notify('meridian_sessions', old.id);
  return null;
end
$fn$
