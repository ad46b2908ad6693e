-- journal_entries_append_only: the trigger function (migration 0002's trigger journal_entries_no_change,
-- before any update or delete) that keeps the journal entries as written. SQLite's triggers of the same
-- migration raise the same.
create or replace function journal_entries_append_only() returns trigger language plpgsql as $fn$
begin
  raise exception 'journal_entries are append-only';
end
$fn$
