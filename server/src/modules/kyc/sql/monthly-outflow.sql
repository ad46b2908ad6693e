-- transactions_monthly_outflow: the trigger function behind migration 0018's trigger of the same name (after
-- insert, delete or update of status on transactions) that keeps monthly_outflows, the running totals the
-- monthly limit reads (spending-limit.ts). A history row counts as countsTowardMonthlyLimit
-- (monthly-outflow.ts) says, the one definition: monthly-outflow.test.ts holds this function (and SQLite's
-- triggers of migration 0018) to it with random rows. A row that starts or stops counting moves the total by
-- its amount; a deleted row takes its amount out. The month is the row's own created_at.
create or replace function transactions_monthly_outflow() returns trigger language plpgsql as $fn$
begin
  -- The entry's kind is looked up only for a row that is not a send or a card payment (OR stops at the first
  -- true): most rows are, and they cost no extra read.
  if tg_op in ('UPDATE', 'DELETE') and old.status not in ('failed', 'returned') and (
      old.type in ('send', 'card_payment')
      or (old.type = 'exchange'
          and (select kind from journal_entries where id = old.entry_id) in ('exchange', 'trade_buy'))
      or ((select kind from journal_entries where id = old.entry_id) = 'order_reservation'
          and old.from_currency = 'USD')) then
    insert into monthly_outflows (user_id, month, currency, amount)
      values (old.user_id, substr(old.created_at, 1, 7), old.currency, -old.amount)
      on conflict (user_id, month, currency) do update set amount = monthly_outflows.amount + excluded.amount;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status not in ('failed', 'returned') and (
      new.type in ('send', 'card_payment')
      or (new.type = 'exchange'
          and (select kind from journal_entries where id = new.entry_id) in ('exchange', 'trade_buy'))
      or ((select kind from journal_entries where id = new.entry_id) = 'order_reservation'
          and new.from_currency = 'USD')) then
    insert into monthly_outflows (user_id, month, currency, amount)
      values (new.user_id, substr(new.created_at, 1, 7), new.currency, new.amount)
      on conflict (user_id, month, currency) do update set amount = monthly_outflows.amount + excluded.amount;
  end if;
  return null;
end
$fn$
