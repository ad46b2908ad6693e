-- notifications_signal: the trigger function behind migration 0019's trigger notifications_signal (after
-- insert on notifications). A new notification is announced on NOTIFICATIONS_CHANNEL (notifier.ts: the same
-- name) only when some app process holds a live stream open for its user, as notification_listeners records
-- (stream-interest.ts): a transaction that has called pg_notify takes one database-wide lock at commit, and
-- almost nobody who is paid has the app open at that moment. A stream reads again a few seconds after it opens
-- to pick up a notification inserted just before its row (notification-stream.ts).
create or replace function notifications_signal() returns trigger language plpgsql as $fn$
begin
  if exists (select 1 from notification_listeners
             where user_id = new.user_id and expires_at > now()) then
    perform pg_notify('meridian_notifications', new.user_id);
  end if;
  return null;
end
$fn$
