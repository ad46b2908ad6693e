import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * PostgreSQL only: what lets a transfer reach the database in two round trips inside its transaction instead
 * of nine (issue 13; BENCHMARKS.md has the figures). On PostgreSQL the app server's time per round trip, not the
 * database's work, is what a payment costs; SQLite's statements cost no round trip, so it has none of this.
 *
 * - `notifications_signal`: a trigger signals each new notification's user on the channel the notifier
 *   listens to (modules/notifications: NOTIFICATIONS_CHANNEL, the same name), so any insert of notifications,
 *   whoever writes it and however, tells every process. It used to be part of the one insert statement.
 * - `write_rows(writes)`: the writes a money transaction deferred (db/deferred-writes.ts), in order. Each is a
 *   table, its rows as JSON (the table's own column names; bigint as strings, read by the column's type) and,
 *   for an update, the columns that pick the row. The columns written are the first row's keys, so a column a
 *   row leaves out keeps its default. An update that does not find each of its rows is an error: a deferred
 *   update is always of a row this transaction made or locked.
 * - `ledger_post_entry_then(..., writes)`: `ledger_post_entry` (migration 0016) and, when it posted, the
 *   deferred writes, in ONE call. A refusal comes back as the same problem row and nothing is written.
 * - `transfer_context(...)`: the reads a transfer makes before it can price and post, in the order and with
 *   the locks of the JavaScript path (modules/transfers/transfer-context.ts, whose SQLite path is the
 *   reference; transfer-context.test.ts holds the two to the same answers): claim the idempotency key (or return
 *   the stored answer), the sender and the recipient with their wallets, the sender's verification level
 *   locked FOR NO KEY UPDATE, then, in a later statement and so a later snapshot, this month's outflows, and the
 *   recipient's set-aside goals. Each statement of a PL/pgSQL function reads its own snapshot under READ
 *   COMMITTED, which is why the limit's two reads stay two statements here too.
 */
const ledgerArgs = `p_entry_id text, p_kind text, p_description text, p_metadata text, p_created_at text,
  p_book text, p_house_kinds text[], p_posting_ids text[], p_accounts text[], p_currencies text[],
  p_amounts bigint[], p_transactions jsonb`;
const ledgerTypes = 'text, text, text, text, text, text, text[], text[], text[], text[], bigint[], jsonb';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;

  await sql
    .raw(
      `create function notifications_signal() returns trigger language plpgsql as $$
      begin
        perform pg_notify('meridian_notifications', new.user_id);
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger notifications_signal after insert on notifications
       for each row execute function notifications_signal()`,
    )
    .execute(db);

  await sql
    .raw(
      `create function write_rows(p_writes jsonb) returns void language plpgsql as $fn$
declare
  v_write jsonb;
  v_row jsonb;
  v_columns text[];
  v_match text[];
  v_set text[];
  v_count bigint;
begin
  for v_write in select value from jsonb_array_elements(p_writes) loop
    -- Every payment writes these two: static statements, whose plans PL/pgSQL keeps, where the general case
    -- below is planned again on each EXECUTE (measured: 329 -> 105 µs a transfer).
    if v_write->>'table' = 'notifications' and not v_write ? 'match' then
      insert into notifications (id, user_id, category, type, title, message, action_url, action_text, created_at)
        select r.id, r.user_id, r.category, r.type, r.title, r.message, r.action_url, r.action_text, r.created_at
        from jsonb_populate_recordset(null::notifications, v_write->'rows') r;
      continue;
    end if;
    if v_write->>'table' = 'idempotency_keys' and v_write->'match' = '["user_id", "key"]'
        and jsonb_array_length(v_write->'rows') = 1 then
      update idempotency_keys k
        set response_status = (v_write->'rows'->0->>'response_status')::integer,
            response_body = v_write->'rows'->0->>'response_body'
        where k.user_id = v_write->'rows'->0->>'user_id' and k.key = v_write->'rows'->0->>'key';
      get diagnostics v_count = row_count;
      if v_count <> 1 then
        raise exception 'write_rows: no idempotency key %', v_write->'rows'->0;
      end if;
      continue;
    end if;
    select array_agg(key) into v_columns from jsonb_object_keys(v_write->'rows'->0) key;
    if v_write ? 'match' then
      select array_agg(value) into v_match from jsonb_array_elements_text(v_write->'match');
      select array_agg(c) into v_set from unnest(v_columns) c where not c = any(v_match);
      -- One row at a time: from a recordset the planner expects 100 rows and hash-joins them against a
      -- sequential scan of the table (measured: 586 µs a call at 20,000 keys); one row is one index probe.
      for v_row in select value from jsonb_array_elements(v_write->'rows') loop
        execute format(
          'update %1$I t set (%2$s) = row(%3$s) from jsonb_populate_record(null::%1$I, $1) r where %4$s',
          v_write->>'table',
          (select string_agg(format('%I', c), ', ') from unnest(v_set) c),
          (select string_agg(format('r.%I', c), ', ') from unnest(v_set) c),
          (select string_agg(format('t.%1$I = r.%1$I', c), ' and ') from unnest(v_match) c)
        ) using v_row;
        get diagnostics v_count = row_count;
        if v_count <> 1 then
          raise exception 'write_rows: no row of % matches %', v_write->>'table', v_row;
        end if;
      end loop;
    else
      execute format(
        'insert into %1$I (%2$s) select %2$s from jsonb_populate_recordset(null::%1$I, $1)',
        v_write->>'table',
        (select string_agg(format('%I', c), ', ') from unnest(v_columns) c)
      ) using v_write->'rows';
    end if;
  end loop;
end
$fn$`,
    )
    .execute(db);

  await sql
    .raw(
      `create function ledger_post_entry_then(${ledgerArgs}, p_writes jsonb)
returns table (problem text, account_id text, currency text, balance bigint, detail text)
language plpgsql as $fn$
declare
  v_row record;
  v_refused boolean := false;
begin
  for v_row in select * from ledger_post_entry(p_entry_id, p_kind, p_description, p_metadata, p_created_at,
      p_book, p_house_kinds, p_posting_ids, p_accounts, p_currencies, p_amounts, p_transactions) loop
    v_refused := v_refused or v_row.problem is not null;
    problem := v_row.problem;
    account_id := v_row.account_id;
    currency := v_row.currency;
    balance := v_row.balance;
    detail := v_row.detail;
    return next;
  end loop;
  if not v_refused then
    perform write_rows(p_writes);
  end if;
end
$fn$`,
    )
    .execute(db);

  await sql
    .raw(
      `create function transfer_context(
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
$fn$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw('drop function transfer_context(text, text, text, text, text, text, text)').execute(db);
  await sql.raw(`drop function ledger_post_entry_then(${ledgerTypes}, jsonb)`).execute(db);
  await sql.raw('drop function write_rows(jsonb)').execute(db);
  await sql.raw('drop trigger notifications_signal on notifications').execute(db);
  await sql.raw('drop function notifications_signal()').execute(db);
}
