import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: `ledger_post_entry_or_raise(..., writes)`, `ledger_post_entry_then` (migration 0019) for a
 * statement that COMMIT follows in the same round trip (db/pg-round-trips.ts). That one answers a refusal
 * as rows, and COMMIT would then keep what the transaction did before it (the idempotency key's claim); this
 * one raises it instead, SQLSTATE MR001 with the refusal rows as JSON in the detail (balances as text), so
 * the round trip stops there and the transaction rolls back. ledger.service.ts reads the rows back into the
 * same errors as the rows of `ledger_post_entry_then`.
 */
const ledgerArgs = `p_entry_id text, p_kind text, p_description text, p_metadata text, p_created_at text,
  p_book text, p_house_kinds text[], p_posting_ids text[], p_accounts text[], p_currencies text[],
  p_amounts bigint[], p_transactions jsonb, p_writes jsonb`;
const ledgerTypes =
  'text, text, text, text, text, text, text[], text[], text[], text[], bigint[], jsonb, jsonb';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `create function ledger_post_entry_or_raise(${ledgerArgs}) returns void language plpgsql as $fn$
declare
  v_refusal jsonb;
begin
  select jsonb_agg(jsonb_build_object('problem', r.problem, 'account_id', r.account_id,
      'currency', r.currency, 'balance', r.balance::text, 'detail', r.detail))
    into v_refusal
    from ledger_post_entry_then(p_entry_id, p_kind, p_description, p_metadata, p_created_at, p_book,
      p_house_kinds, p_posting_ids, p_accounts, p_currencies, p_amounts, p_transactions, p_writes) r
    where r.problem is not null;
  if v_refusal is not null then
    raise exception 'ledger refused the entry' using errcode = 'MR001', detail = v_refusal::text;
  end if;
end
$fn$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw(`drop function ledger_post_entry_or_raise(${ledgerTypes})`).execute(db);
}
