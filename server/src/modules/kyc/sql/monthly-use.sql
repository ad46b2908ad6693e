-- monthly_use: readMonthlyUse (spending-limit.ts), for the stored functions that check the monthly limit
-- (transfer_context, payment_context). The user's verification level, locked FOR NO KEY UPDATE until commit,
-- then, in a later statement and so a later snapshot under READ COMMITTED, this month's outflows per currency
-- (totals as text: a bigint never passes through a JSON number). Two statements on purpose: a sum read in the
-- same statement as the lock would miss the payment the lock waited for. transfer-context.test.ts and
-- wallet-context.test.ts hold it to the statements.
create or replace function monthly_use(p_user text, p_now text) returns jsonb language plpgsql as $fn$
declare
  v_level text;
  v_outflows jsonb;
begin
  select u.verification_level into v_level from users u where u.id = p_user for no key update;
  select coalesce(jsonb_agg(jsonb_build_object('currency', o.currency, 'total', o.amount::text)), '[]')
    into v_outflows
    from monthly_outflows o where o.user_id = p_user and o.month = substr(p_now, 1, 7);
  return jsonb_build_object('level', v_level, 'outflows', v_outflows);
end
$fn$
