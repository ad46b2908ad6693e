-- idempotency_claim: claimKey (idempotency.repository.ts) and, when the key is taken, findKey, for the stored
-- functions that claim a key as their first step (transfer_context, payment_context). It claims (user, key)
-- for this transaction and answers null, or answers {claimed: false, stored: the row's request hash and
-- answer} when the key is already someone's. A concurrent request holding the same key makes the insert wait
-- until that one commits (then the stored row is read, in a statement of its own and so a later snapshot) or
-- rolls back (then the claim succeeds). transfer-context.test.ts and wallet-context.test.ts hold it to the
-- statements.
create or replace function idempotency_claim(
  p_user text, p_key text, p_request_hash text, p_now text
) returns jsonb language plpgsql as $fn$
declare
  v_stored jsonb;
begin
  insert into idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at)
    values (p_user, p_key, p_request_hash, 0, '', p_now)
    on conflict (user_id, key) do nothing;
  if found then
    return null;
  end if;
  select jsonb_build_object('request_hash', k.request_hash, 'response_status', k.response_status,
      'response_body', k.response_body)
    into v_stored from idempotency_keys k where k.user_id = p_user and k.key = p_key;
  return jsonb_build_object('claimed', false, 'stored', v_stored);
end
$fn$
