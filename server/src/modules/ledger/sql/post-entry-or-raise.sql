-- ledger_post_entry_or_raise: ledger_post_entry_then (post-entry-then.sql) for a statement that COMMIT
-- follows in the same round trip (queueEntry in ledger.service.ts, db/pg-round-trips.ts). That one answers a
-- refusal as rows, and COMMIT would then keep what the transaction did before it (the idempotency key's
-- claim); this one raises it instead, SQLSTATE MR001 with the refusal rows as JSON in the detail (balances as
-- text), so the round trip stops there and the transaction rolls back. ledger.service.ts (refusalOf) reads the
-- rows back into the same errors as postEntry throws.
create or replace function ledger_post_entry_or_raise(
  p_entry_id text, p_kind text, p_description text, p_metadata text, p_created_at text, p_book text,
  p_house_kinds text[], p_posting_ids text[], p_accounts text[], p_currencies text[], p_amounts bigint[],
  p_ceilings bigint[], p_transactions jsonb, p_writes jsonb
) returns void language plpgsql as $fn$
declare
  v_refusal jsonb;
begin
  select jsonb_agg(jsonb_build_object('problem', r.problem, 'account_id', r.account_id,
      'currency', r.currency, 'balance', r.balance::text, 'detail', r.detail))
    into v_refusal
    from ledger_post_entry_then(p_entry_id, p_kind, p_description, p_metadata, p_created_at, p_book,
      p_house_kinds, p_posting_ids, p_accounts, p_currencies, p_amounts, p_ceilings, p_transactions, p_writes) r
    where r.problem is not null;
  if v_refusal is not null then
    raise exception 'ledger refused the entry' using errcode = 'MR001', detail = v_refusal::text;
  end if;
end
$fn$
