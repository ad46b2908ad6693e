-- payment_context: claimWalletContext (wallet-context.ts) in one round trip on PostgreSQL. What a conversion,
-- a deposit or a market order reads before it can price and post, in the order and with the locks of
-- walletContextByStatements, its reference (wallet-context.test.ts holds the two to the same answers):
--
-- 1. Claim the idempotency key (idempotency_claim), or answer what is stored under it.
-- 2. The user's wallets: the one with p_wallet_id, locked FOR UPDATE (wallets.repository.ts:
--    lockWalletForPayment), or those in p_currencies (findWalletsByCurrency). Oldest first. Balances come as
--    text: a bigint never passes through a JSON number.
-- 3. With p_monthly_use: the verification level, locked, then this month's outflows (monthly_use).
create or replace function payment_context(
  p_user text, p_key text, p_request_hash text, p_now text, p_currencies text[], p_wallet_id text,
  p_monthly_use boolean
) returns jsonb language plpgsql as $fn$
declare
  v_taken jsonb;
  v_wallets jsonb;
  v_use jsonb;
begin
  v_taken := idempotency_claim(p_user, p_key, p_request_hash, p_now);
  if v_taken is not null then
    return v_taken;
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
    v_use := monthly_use(p_user, p_now);
  end if;

  return jsonb_build_object('claimed', true, 'wallets', v_wallets, 'level', v_use->'level',
    'outflows', coalesce(v_use->'outflows', '[]'));
end
$fn$
