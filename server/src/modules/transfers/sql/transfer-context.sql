-- transfer_context: claimTransferContext (transfer-context.ts) in one round trip on PostgreSQL. The reads a
-- transfer makes before it can price and post, in the order and with the locks of contextByStatements, its
-- reference (transfer-context.test.ts holds the two to the same answers):
--
-- 1. Claim the idempotency key (idempotency_claim), or answer what is stored under it.
-- 2. The sender and the recipient with the wallet the transfer touches (transfers.repository.ts: findParties).
-- 3. The sender's verification level, locked, then this month's outflows (monthly_use).
-- 4. The recipient's goals in the target currency that take a share (goals/set-aside.ts: setAsideGoalsOf).
create or replace function transfer_context(
  p_user text, p_key text, p_request_hash text, p_now text, p_from text, p_to text, p_email text
) returns jsonb language plpgsql as $fn$
declare
  v_taken jsonb;
  v_parties jsonb;
  v_use jsonb;
  v_recipient text;
  v_goals jsonb;
begin
  v_taken := idempotency_claim(p_user, p_key, p_request_hash, p_now);
  if v_taken is not null then
    return v_taken;
  end if;

  select coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'email', u.email, 'first_name', u.first_name,
      'last_name', u.last_name, 'is_demo', u.is_demo, 'email_verified_at', u.email_verified_at,
      'wallet_id', w.id)), '[]')
    into v_parties
    from users u left join ledger_accounts w on w.user_id = u.id and w.kind = 'wallet'
      and w.currency = case when u.id = p_user then p_from else p_to end
    where u.id = p_user or u.email = p_email;

  v_use := monthly_use(p_user, p_now);

  select u.id into v_recipient from users u where u.email = p_email and u.id <> p_user;
  select coalesce(jsonb_agg(jsonb_build_object('id', g.id, 'account_id', g.account_id, 'title', g.title,
      'set_aside_percent', g.set_aside_percent) order by g.created_at), '[]')
    into v_goals
    from savings_goals g
    where g.user_id = v_recipient and g.currency = p_to and g.set_aside_percent is not null;

  return jsonb_build_object('claimed', true, 'parties', v_parties, 'level', v_use->'level',
    'outflows', v_use->'outflows', 'goals', v_goals);
end
$fn$
