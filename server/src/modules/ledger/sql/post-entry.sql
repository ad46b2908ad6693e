-- ledger_post_entry: postEntry (ledger.service.ts) in one round trip on PostgreSQL. The same rules, in the
-- same order, as postEntryByStatements, its reference (ledger.agreement.test.ts posts the same entries
-- through both):
--
-- 1. Lock the customer accounts (those with a cached balance) the entry names, FOR UPDATE in id order.
-- 2. The entry's book is that of every account it names except live house accounts, plus p_book; two books is
--    DEMO_ACCOUNT. In the demo book each live house account is swapped for the demo book's of the same kind
--    and currency (the id scheme of house-accounts.ts; the house kinds come in as p_house_kinds so that file
--    stays the one list).
-- 3. Every posting's account exists and is in the posting's currency (else a LedgerRuleError: a bug).
-- 4. No customer balance goes below zero (insufficient_funds, the first short account in id order); then no
--    balance a posting raises goes past its currency's ceiling (over_ceiling; p_ceilings holds the ceiling of
--    each posting's currency, from contract/src/currencies.ts). Sums are numeric: compared, never overflowed.
-- 5. Insert the entry, the postings, the balance deltas and the history rows; return each customer account's
--    new balance.
--
-- A refusal (steps 2-4) is RETURNED as a problem row, not raised: nothing has been written by then and the
-- caller's transaction stays usable, as when the statement path throws before its first write. Balance per
-- currency and a posting's own size are checked in TypeScript before either path. Ids are made by the caller;
-- history rows come as JSON (bigints as strings) read into the table's own row type.
create or replace function ledger_post_entry(
  p_entry_id text, p_kind text, p_description text, p_metadata text, p_created_at text, p_book text,
  p_house_kinds text[], p_posting_ids text[], p_accounts text[], p_currencies text[], p_amounts bigint[],
  p_ceilings bigint[], p_transactions jsonb
) returns table (problem text, account_id text, currency text, balance bigint, detail text)
language plpgsql as $fn$
#variable_conflict use_column
declare
  v_books text[];
  v_book text;
  v_accounts text[] := p_accounts;
  v_bad record;
begin
  perform 1 from ledger_accounts a
    where a.id = any(p_accounts) and a.balance is not null order by a.id for update;

  select coalesce(array_agg(distinct b.book), '{}') into v_books from (
    select a.book from ledger_accounts a
      where a.id = any(p_accounts) and not (a.kind = any(p_house_kinds) and a.book = 'live')
    union select p_book where p_book is not null
  ) b;
  if cardinality(v_books) > 1 then
    return query select 'demo_account', null::text, null::text, null::bigint, null::text;
    return;
  end if;
  v_book := coalesce(v_books[1], 'live');
  if v_book <> 'live' then
    select array_agg(
      case when a.balance is null and a.kind = any(p_house_kinds) and a.book = 'live'
        then 'house:' || v_book || ':' || a.kind || ':' || a.currency else p.id end
      order by p.n)
    into v_accounts
    from unnest(p_accounts) with ordinality p(id, n) left join ledger_accounts a on a.id = p.id;
  end if;

  select p.id, p.currency as posted, a.currency into v_bad
    from unnest(v_accounts, p_currencies) with ordinality p(id, currency, n)
    left join ledger_accounts a on a.id = p.id
    where a.id is null or a.currency <> p.currency
    order by p.n limit 1;
  if found then
    return query select 'ledger_rule', v_bad.id, null::text, null::bigint,
      case when v_bad.currency is null then 'No ledger account ' || v_bad.id
        else 'Posting in ' || v_bad.posted || ' to a ' || v_bad.currency || ' account' end;
    return;
  end if;

  select a.id, a.currency, a.balance, a.balance + d.delta < 0 as short into v_bad
    from ledger_accounts a
    join (select d.id, sum(d.amount) as delta, max(d.ceiling) as ceiling
          from unnest(v_accounts, p_amounts, p_ceilings) d(id, amount, ceiling) group by d.id) d
      on d.id = a.id
    where a.balance is not null
      and (a.balance + d.delta < 0 or (d.delta > 0 and a.balance + d.delta > d.ceiling))
    order by a.balance + d.delta >= 0, a.id limit 1;
  if found then
    return query select case when v_bad.short then 'insufficient_funds' else 'over_ceiling' end,
      v_bad.id, v_bad.currency, v_bad.balance, null::text;
    return;
  end if;

  insert into journal_entries (id, kind, description, metadata, created_at)
    values (p_entry_id, p_kind, p_description, p_metadata, p_created_at);
  insert into postings (id, entry_id, account_id, currency, amount)
    select p.id, p_entry_id, p.account_id, p.currency, p.amount
    from unnest(p_posting_ids, v_accounts, p_currencies, p_amounts) p(id, account_id, currency, amount);
  update ledger_accounts a set balance = a.balance + d.delta
    from (select d.id, sum(d.amount) as delta from unnest(v_accounts, p_amounts) d(id, amount) group by d.id) d
    where a.id = d.id and a.balance is not null and d.delta <> 0;
  if jsonb_array_length(p_transactions) > 0 then
    insert into transactions select * from jsonb_populate_recordset(null::transactions, p_transactions);
  end if;

  return query select null::text, a.id, a.currency, a.balance, null::text
    from ledger_accounts a where a.id = any(p_accounts) and a.balance is not null order by a.id;
end
$fn$
