-- payment_context: claimWalletContext (wallet-context.ts) in one round trip on PostgreSQL. What a conversion,
-- a deposit or a market order reads before it can price and post, in the order and with the locks of
-- walletContextByStatements, its reference (wallet-context.test.ts holds the two to the same answers):
--
-- 1. Claim the idempotency key (idempotency.repository.ts: claimKey), or answer what is stored under it.
-- 2. The user's wallets: the one with p_wallet_id, locked FOR UPDATE (wallets.repository.ts:
--    lockWalletForPayment), or those in p_currencies (findWalletsByCurrency). Oldest first. Balances come as
--    text: a bigint never passes through a JSON number.
-- 3. With p_monthly_use: the verification level, locked FOR NO KEY UPDATE, then, in a later statement and so
--    a later snapshot, this month's outflows (spending-limit.ts: readMonthlyUse).
create or replace function payment_context(
  p_user text, p_key text, p_request_hash text, p_now text, p_currencies text[], p_wallet_id text,
  p_monthly_use boolean
) returns jsonb language plpgsql as $fn$
declare
  v_stored jsonb;
  v_wallets jsonb;
  v_level text;
  v_outflows jsonb := '[]';
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

  if p_wallet_id is not null then
    select coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'currency', w.currency,
        'balance', w.balance::text, 'created_at', w.created_at)), '[]')
      into v_wallets
      from (select a.id, a.currency, a.balance, a.created_at from ledger_accounts a
        where a.id = p_wallet_id and a.user_id = p_user and a.kind = 'wallet' for update) w;
  else
    select coalesce(jsonb_agg(jsonb_build_object('id', w.id, 'currency', w.currency,
        'balance', w.balance::text, 'created_at', w.created_at) order by w.created_at, w.id), '[]')
      into v_wallets
      from ledger_accounts w
      where w.user_id = p_user and w.kind = 'wallet' and w.currency = any(p_currencies);
  end if;

  if p_monthly_use then
    select u.verification_level into v_level from users u where u.id = p_user for no key update;
    select coalesce(jsonb_agg(jsonb_build_object('currency', o.currency, 'total', o.amount::text)), '[]')
      into v_outflows
      from monthly_outflows o where o.user_id = p_user and o.month = substr(p_now, 1, 7);
  end if;

  return jsonb_build_object('claimed', true, 'wallets', v_wallets, 'level', v_level, 'outflows', v_outflows);
end
$fn$
