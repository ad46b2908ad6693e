-- ledger_post_entry_then: ledger_post_entry (post-entry.sql) and, when it posted, the writes the money
-- transaction deferred (write_rows, db/sql/write-rows.sql), in ONE call. A refusal comes back as the same
-- problem row and nothing is written. Called only by ledger_post_entry_or_raise (post-entry-or-raise.sql).
create or replace function ledger_post_entry_then(
  p_entry_id text, p_kind text, p_description text, p_metadata text, p_created_at text, p_book text,
  p_house_kinds text[], p_posting_ids text[], p_accounts text[], p_currencies text[], p_amounts bigint[],
  p_ceilings bigint[], p_transactions jsonb, p_writes jsonb
) returns table (problem text, account_id text, currency text, balance bigint, detail text)
language plpgsql as $fn$
declare
  v_row record;
  v_refused boolean := false;
begin
  for v_row in select * from ledger_post_entry(p_entry_id, p_kind, p_description, p_metadata, p_created_at,
      p_book, p_house_kinds, p_posting_ids, p_accounts, p_currencies, p_amounts, p_ceilings, p_transactions) loop
    v_refused := v_refused or v_row.problem is not null;
    problem := v_row.problem;
    account_id := v_row.account_id;
    currency := v_row.currency;
    balance := v_row.balance;
    detail := v_row.detail;
    return next;
  end loop;
  if not v_refused then
    perform write_rows(p_writes);
  end if;
end
$fn$
