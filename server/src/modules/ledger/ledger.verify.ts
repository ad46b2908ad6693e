import { sql, type Kysely } from 'kysely';
import { currencyCodes, maxMinorOf } from '@contract/currencies';
import { formatAmount } from '@contract/money';
import { isPostgres } from '../../db/dialect';
import { sqliteMoneyColumns } from '../../db/migrations/0024-amount-ceilings';
import { sqlitePaymentMoneyColumns } from '../../db/migrations/0030-invoice-payments';
import { sqliteCheckoutMoneyColumns } from '../../db/migrations/0032-payment-checkouts';
import type { Database } from '../../db/schema';
import { countedOutflow } from '../kyc/monthly-outflow';

export interface LedgerReport {
  entries: number;
  postings: number;
  accounts: number;
  /** One line per broken invariant instance; empty when the ledger is sound. */
  violations: string[];
}

// Sums are cast to text: PostgreSQL's sum(bigint) is numeric, which could not be read back as a BigInt.
const sumText = sql<string>`cast(sum(amount) as text)`;
const LIMIT = 50;

/**
 * Checks every ledger invariant (see ledger.service.ts) with whole-table queries, so it can run against a
 * live database: each entry balances per currency and has at least two non-zero postings in its accounts'
 * currencies; each cached balance equals the sum of its postings and is not negative; per currency, the
 * sum over each book's accounts is zero; no entry moves value between the live book and the demo's; the
 * monthly limit's running totals equal the history they are kept from; no customer balance is past its
 * currency's ceiling; on SQLite, every money column holds integers.
 *
 * A broken book is reported, never a crash: on SQLite a sum of integers past 64 bits raises "integer
 * overflow", so each check that sums says so as its finding and the others still run.
 */
export async function verifyLedger(db: Kysely<Database>): Promise<LedgerReport> {
  const violations: string[] = [];
  const report = (lines: string[]) => violations.push(...lines);
  const summing = async (check: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      if (!(error instanceof Error && /integer overflow/i.test(error.message))) throw error;
      report([`${check}: a sum overflows a 64-bit integer (amounts past every ceiling are stored)`]);
    }
  };

  if (!isPostgres(db)) report(await nonIntegerMoney(db));
  report(await pastCeiling(db));

  await summing('entry balance check', async () => {
    const unbalanced = await db
      .selectFrom('postings')
      .select(['entry_id', 'currency', sumText.as('total')])
      .groupBy(['entry_id', 'currency'])
      .having(sql`sum(amount)`, '<>', 0)
      .limit(LIMIT)
      .execute();
    report(
      unbalanced.map((row) => `entry ${row.entry_id} does not balance in ${row.currency}: ${row.total}`),
    );
  });

  const thin = await db
    .selectFrom('journal_entries as e')
    .leftJoin('postings as p', 'p.entry_id', 'e.id')
    .select(['e.id', (eb) => eb.fn.count<number>('p.id').as('count')])
    .groupBy('e.id')
    .having((eb) => eb.fn.count('p.id'), '<', 2)
    .limit(LIMIT)
    .execute();
  report(thin.map((row) => `entry ${row.id} has ${row.count} posting(s)`));

  const badPostings = await db
    .selectFrom('postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['p.id', 'p.amount', 'p.currency', 'a.currency as accountCurrency'])
    .where((eb) => eb.or([eb('p.amount', '=', 0n), eb('p.currency', '<>', eb.ref('a.currency'))]))
    .limit(LIMIT)
    .execute();
  report(
    badPostings.map(
      (row) => `posting ${row.id}: ${row.amount} ${row.currency} on a ${row.accountCurrency} account`,
    ),
  );

  await summing('cached balance check', async () => {
    const drifted = await db
      .selectFrom('ledger_accounts as a')
      .leftJoin('postings as p', 'p.account_id', 'a.id')
      .select(['a.id', 'a.balance', sql<string>`cast(coalesce(sum(p.amount), 0) as text)`.as('total')])
      .where('a.balance', 'is not', null)
      .groupBy(['a.id', 'a.balance'])
      .having(sql`coalesce(sum(p.amount), 0)`, '<>', sql.ref('a.balance'))
      .limit(LIMIT)
      .execute();
    report(
      drifted.map(
        (row) => `account ${row.id}: cached balance ${row.balance} but postings sum to ${row.total}`,
      ),
    );
  });

  const crossing = await db
    .selectFrom('postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select('p.entry_id')
    .groupBy('p.entry_id')
    .having((eb) => eb.fn.count('a.book').distinct(), '>', 1)
    .limit(LIMIT)
    .execute();
  report(crossing.map((row) => `entry ${row.entry_id} moves value between the live and demo books`));

  const negative = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'balance', 'currency'])
    .where('balance', '<', 0n)
    .limit(LIMIT)
    .execute();
  report(negative.map((row) => `customer account ${row.id} is below zero: ${row.balance} ${row.currency}`));

  // Per book: value that left the live book for the demo's (or back) would show here even if an entry
  // check were missed.
  await summing('per-book sum check', async () => {
    const leaking = await db
      .selectFrom('postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['a.book', 'p.currency', sql<string>`cast(sum(p.amount) as text)`.as('total')])
      .groupBy(['a.book', 'p.currency'])
      .having(sql`sum(p.amount)`, '<>', 0)
      .execute();
    report(
      leaking.map(
        (row) => `${row.currency} does not sum to zero over the ${row.book} book's accounts: ${row.total}`,
      ),
    );
  });

  // The monthly limit's running totals (kept by triggers) against the sum they replace, computed here from the
  // history rows with the limit's one definition (kyc/monthly-outflow.ts), per user, month and currency.
  await summing('monthly outflow check', async () => {
    const fromHistory = db
      .selectFrom('transactions as t')
      .innerJoin('journal_entries as j', 'j.id', 't.entry_id')
      .select(['t.user_id', sql<string>`substr(t.created_at, 1, 7)`.as('month'), 't.currency', 't.amount'])
      .where(countedOutflow);
    const kept = db
      .selectFrom('monthly_outflows')
      .select(['user_id', 'month', 'currency', sql<bigint>`-amount`.as('amount')]);
    const offTotals = await db
      .selectFrom(fromHistory.unionAll(kept).as('both'))
      .select(['user_id', 'month', 'currency', sumText.as('total')])
      .groupBy(['user_id', 'month', 'currency'])
      .having(sql`sum(amount)`, '<>', 0)
      .limit(LIMIT)
      .execute();
    report(
      offTotals.map(
        (row) =>
          `monthly outflow of user ${row.user_id} in ${row.month} (${row.currency}) is off the history by ${row.total}`,
      ),
    );
  });

  const count = async (table: 'journal_entries' | 'postings' | 'ledger_accounts') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    entries: await count('journal_entries'),
    postings: await count('postings'),
    accounts: await count('ledger_accounts'),
    violations,
  };
}

/** SQLite only: money stored as anything but an integer (before migration 0024's triggers refused it). */
async function nonIntegerMoney(db: Kysely<Database>): Promise<string[]> {
  const found: string[] = [];
  const later = [...sqlitePaymentMoneyColumns, ...sqliteCheckoutMoneyColumns].map(({ table, columns }) => ({
    table,
    // A null passes their triggers: a NOT NULL column refuses it on its own.
    columns: columns.map((name) => ({ name, nullable: true })),
  }));
  for (const { table, columns } of [...sqliteMoneyColumns, ...later]) {
    for (const column of columns) {
      const allowed = column.nullable ? "('integer', 'null')" : "('integer')";
      const rows = await sql<{ id: string; value: unknown; type: string }>`
        select rowid as id, cast(${sql.ref(column.name)} as text) as value, typeof(${sql.ref(column.name)}) as type
        from ${sql.table(table)} where typeof(${sql.ref(column.name)}) not in ${sql.raw(allowed)} limit ${LIMIT}`.execute(
        db,
      );
      found.push(
        ...rows.rows.map(
          (row) => `${table}.${column.name} of row ${row.id} is a ${row.type}, not an integer: ${row.value}`,
        ),
      );
    }
  }
  return found;
}

/** Customer balances past their currency's ceiling (held before there was one: the ledger refuses more). */
async function pastCeiling(db: Kysely<Database>): Promise<string[]> {
  const found: string[] = [];
  for (const currency of currencyCodes) {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['id', sql<string>`cast(balance as text)`.as('balance')])
      .where('currency', '=', currency)
      .where('balance', '>', maxMinorOf(currency))
      .limit(LIMIT)
      .execute();
    found.push(
      ...rows.map(
        (row) =>
          `account ${row.id} holds ${row.balance} ${currency}, past the ceiling of ${formatAmount(maxMinorOf(currency), currency)}`,
      ),
    );
  }
  return found;
}
