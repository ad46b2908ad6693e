-- postings_append_only: the trigger function (migration 0002's trigger postings_no_change, before any update
-- or delete) that keeps the postings as written. SQLite's triggers of the same migration raise the same.
create or replace function postings_append_only() returns trigger language plpgsql as $fn$
begin
  raise exception 'postings are append-only';
end
$fn$
