import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The ceiling of any balance (contract/src/currencies.ts), and integers only in money columns.
 *
 * PostgreSQL: `ledger_post_entry` (migration 0016) takes one more argument, `p_ceilings`: the ceiling of each
 * posting's currency in minor units, beside `p_currencies` (the contract stays the one place that knows the
 * figures; ledger.service.ts passes them). After the shortfall check and before anything is written it
 * refuses an entry that would take a customer account past its ceiling: an `over_ceiling` row naming the
 * first such account in id order, as the JavaScript path does. Everything else is 0016's, unchanged. The two
 * functions built on it (0019's `ledger_post_entry_then`, 0022's `ledger_post_entry_or_raise`) pass the new
 * argument along. A posting's own size is checked before either path, in ledger.service.ts.
 *
 * SQLite: a bigint column has INTEGER affinity, which still stores a value that is not an integer (a float
 * from an overflowing `balance + delta`, text that is not a number) as it comes. Triggers refuse any row whose
 * money columns are not integers (NULL where the column allows it), so such a bug fails loudly instead of
 * corrupting the book. Triggers rather than CHECK constraints: SQLite cannot add a CHECK to a column, and a
 * table rebuild would have to recreate every index, trigger and foreign key of the ledger's busiest tables;
 * a trigger leaves the table as it is (and existing rows alone: ledger:verify reports any found).
 */
const moneyColumns: Record<string, string[]> = {
  ledger_accounts: ['balance?'],
  postings: ['amount'],
  transactions: ['amount', 'fee', 'converted_amount?'],
  payouts: ['amount'],
  held_transfers: ['amount'],
  monthly_outflows: ['amount'],
  trading_orders: ['quantity', 'limit_price?', 'fill_price?', 'value', 'fee', 'total'],
  holdings: ['quantity', 'cost'],
  savings_goals: ['target_amount'],
  invoices: ['amount', 'tax_amount', 'total_amount', 'issue_home_amount?', 'paid_home_amount?'],
  invoice_items: ['unit_price', 'amount'],
  cards: ['limit_per_payment?', 'limit_daily?', 'limit_monthly?', 'limit_atm?'],
  card_purchases: ['amount', 'wallet_amount'],
};

/** Exported for ledger:verify, which looks for values stored before these triggers. `?`: NULL allowed. */
export const sqliteMoneyColumns = Object.entries(moneyColumns).map(([table, columns]) => ({
  table,
  columns: columns.map((column) => ({ name: column.replace('?', ''), nullable: column.endsWith('?') })),
}));

const notInteger = (column: { name: string; nullable: boolean }) =>
  `typeof(new.${column.name}) not in (${column.nullable ? "'integer', 'null'" : "'integer'"})`;

async function addIntegerTriggers(db: Kysely<unknown>): Promise<void> {
  for (const { table, columns } of sqliteMoneyColumns) {
    const when = columns.map(notInteger).join(' or ');
    const refuse = `select raise(abort, '${table}: money must be an integer count of minor units')`;
    const of = columns.map((column) => column.name).join(', ');
    await sql
      .raw(
        `create trigger ${table}_money_integer_insert before insert on ${table}
         for each row when ${when} begin ${refuse}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_money_integer_update before update of ${of} on ${table}
         for each row when ${when} begin ${refuse}; end`,
      )
      .execute(db);
  }
}

const types = (ceilings: boolean) =>
  `text, text, text, text, text, text, text[], text[], text[], text[], bigint[],${ceilings ? ' bigint[],' : ''} jsonb`;
const args = (ceilings: boolean) => `p_entry_id text, p_kind text, p_description text, p_metadata text,
  p_created_at text, p_book text, p_house_kinds text[], p_posting_ids text[], p_accounts text[],
  p_currencies text[], p_amounts bigint[],${ceilings ? ' p_ceilings bigint[],' : ''} p_transactions jsonb`;
const passed = (ceilings: boolean) => `p_entry_id, p_kind, p_description, p_metadata, p_created_at, p_book,
  p_house_kinds, p_posting_ids, p_accounts, p_currencies, p_amounts,${ceilings ? ' p_ceilings,' : ''} p_transactions`;

// 0016's shortfall check, and the one this migration puts in its place: the same statement also finds an
// account the entry would take past its ceiling, after every short one (as the JavaScript path orders them).
// Sums are numeric, so a balance far past the ceiling is compared, not overflowed.
const shortOnly = `
  select a.id, a.currency, a.balance into v_bad
    from ledger_accounts a
    join (select d.id, sum(d.amount) as delta from unnest(v_accounts, p_amounts) d(id, amount) group by d.id) d
      on d.id = a.id
    where a.balance is not null and a.balance + d.delta < 0
    order by a.id limit 1;
  if found then
    return query select 'insufficient_funds', v_bad.id, v_bad.currency, v_bad.balance, null::text;
    return;
  end if;
`;
const shortOrOverCeiling = `
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
`;

const postEntry = (ceilings: boolean) => `create function ledger_post_entry(${args(ceilings)})
returns table (problem text, account_id text, currency text, balance bigint, detail text)
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

${ceilings ? shortOrOverCeiling : shortOnly}
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
$fn$`;

const postEntryThen = (
  ceilings: boolean,
) => `create function ledger_post_entry_then(${args(ceilings)}, p_writes jsonb)
returns table (problem text, account_id text, currency text, balance bigint, detail text)
language plpgsql as $fn$
declare
  v_row record;
  v_refused boolean := false;
begin
  for v_row in select * from ledger_post_entry(${passed(ceilings)}) loop
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
$fn$`;

const postEntryOrRaise = (
  ceilings: boolean,
) => `create function ledger_post_entry_or_raise(${args(ceilings)}, p_writes jsonb)
returns void language plpgsql as $fn$
declare
  v_refusal jsonb;
begin
  select jsonb_agg(jsonb_build_object('problem', r.problem, 'account_id', r.account_id,
      'currency', r.currency, 'balance', r.balance::text, 'detail', r.detail))
    into v_refusal
    from ledger_post_entry_then(${passed(ceilings)}, p_writes) r
    where r.problem is not null;
  if v_refusal is not null then
    raise exception 'ledger refused the entry' using errcode = 'MR001', detail = v_refusal::text;
  end if;
end
$fn$`;

/** Replaces the three ledger functions: with `ceilings` by this migration's, without by those it replaced. */
async function replaceLedgerFunctions(db: Kysely<unknown>, ceilings: boolean): Promise<void> {
  const before = types(!ceilings);
  await sql.raw(`drop function ledger_post_entry_or_raise(${before}, jsonb)`).execute(db);
  await sql.raw(`drop function ledger_post_entry_then(${before}, jsonb)`).execute(db);
  await sql.raw(`drop function ledger_post_entry(${before})`).execute(db);
  for (const create of [postEntry, postEntryThen, postEntryOrRaise])
    await sql.raw(create(ceilings)).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await replaceLedgerFunctions(db, true);
  else await addIntegerTriggers(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await replaceLedgerFunctions(db, false);
    return;
  }
  for (const { table } of sqliteMoneyColumns) {
    await sql.raw(`drop trigger ${table}_money_integer_insert`).execute(db);
    await sql.raw(`drop trigger ${table}_money_integer_update`).execute(db);
  }
}
