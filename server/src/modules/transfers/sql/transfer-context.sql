-- transfer_context: claimTransferContext (transfer-context.ts) in one round trip on PostgreSQL. The reads a
-- transfer makes before it can price and post, in the order and with the locks of contextByStatements, its
-- reference (transfer-context.test.ts holds the two to the same answers):
--
-- 1. Claim the idempotency key (idempotency.repository.ts: claimKey), or answer what is stored under it.
-- 2. The sender and the recipient with the wallet the transfer touches (transfers.repository.ts: findParties).
-- 3. The sender's verification level, locked FOR NO KEY UPDATE, then, in a later statement and so a later
--    snapshot, this month's outflows (spending-limit.ts: readMonthlyUse). Each statement of a PL/pgSQL
--    function reads its own snapshot under READ COMMITTED, which is why these stay two statements here too.
-- 4. The recipient's goals in the target currency that take a share (goals/set-aside.ts: setAsideGoalsOf).
create or replace function transfer_context(
  p_user text, p_key text, p_request_hash text, p_now text, p_from text, p_to text, p_email text
) returns jsonb language plpgsql as $fn$
declare
  v_stored jsonb;
  v_parties jsonb;
  v_level text;
  v_outflows jsonb;
  v_recipient text;
  v_goals jsonb;
begin
  insert into idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at)
    values (p_user, p_key, p_request_hash, 0, '', p_now)
    on conflict (user_id, key) do nothing;
  if not found then
    select jsonb_build_object('request_hash', k.request_hash, 'response_status', k.response_status,
        'response_body', k.response_body)
      into v_stored from idempotency_keys k where k.user_id = p_user and k.key = p_key;
    return jsonb_build_object('claimed', false, 'stored', v_stored);
  end if;

  select coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'email', u.email, 'first_name', u.first_name,
      'last_name', u.last_name, 'is_demo', u.is_demo, 'email_verified_at', u.email_verified_at,
      'wallet_id', w.id)), '[]')
    into v_parties
    from users u left join ledger_accounts w on w.user_id = u.id and w.kind = 'wallet'
      and w.currency = case when u.id = p_user then p_from else p_to end
    where u.id = p_user or u.email = p_email;

  select u.verification_level into v_level from users u where u.id = p_user for no key update;

  select coalesce(jsonb_agg(jsonb_build_object('currency', o.currency, 'total', o.amount::text)), '[]')
    into v_outflows
    from monthly_outflows o where o.user_id = p_user and o.month = substr(p_now, 1, 7);

  select u.id into v_recipient from users u where u.email = p_email and u.id <> p_user;
  select coalesce(jsonb_agg(jsonb_build_object('id', g.id, 'account_id', g.account_id, 'title', g.title,
      'set_aside_percent', g.set_aside_percent) order by g.created_at), '[]')
    into v_goals
    from savings_goals g
    where g.user_id = v_recipient and g.currency = p_to and g.set_aside_percent is not null;

  return jsonb_build_object('claimed', true, 'parties', v_parties, 'level', v_level,
    'outflows', v_outflows, 'goals', v_goals);
end
$fn$
