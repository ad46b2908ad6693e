import { sql, type Kysely } from 'kysely';
import type { TransactionType } from '@contract/transactions';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

// sum() is numeric on PostgreSQL; cast back so both dialects hand over a BigInt.
const bigintSum = (expression: ReturnType<typeof sql>) => sql<bigint>`cast(sum(${expression}) as bigint)`;
// Timestamps are ISO text, so the first 7 characters are the UTC month on both dialects.
const month = sql<string>`substr(created_at, 1, 7)`;

const completed = (db: Db, userId: string, types: readonly TransactionType[], since: string) =>
  db
    .selectFrom('transactions')
    .where('user_id', '=', userId)
    .where('type', 'in', [...types])
    .where('status', '=', 'completed')
    .where('created_at', '>=', since);

/** Totals and counts per currency since `since`; with `withFees`, fees paid count too. */
export function totalsByCurrency(
  db: Db,
  userId: string,
  types: readonly TransactionType[],
  since: string,
  withFees = false,
) {
  return completed(db, userId, types, since)
    .select([
      'currency',
      bigintSum(withFees ? sql`amount + fee` : sql`amount`).as('total'),
      (eb) => eb.fn.countAll<bigint>().as('count'),
    ])
    .groupBy('currency')
    .execute();
}

/** Totals per UTC month ("2026-06") and currency since `since`. */
export function monthlyTotals(
  db: Db,
  userId: string,
  types: readonly TransactionType[],
  since: string,
  withFees = false,
) {
  return completed(db, userId, types, since)
    .select([
      month.as('month'),
      'currency',
      bigintSum(withFees ? sql`amount + fee` : sql`amount`).as('total'),
    ])
    .groupBy([month, 'currency'])
    .execute();
}

/** Distinct payers since `since`, known by email when they have one, else by name. */
export async function countPayers(db: Db, userId: string, types: readonly TransactionType[], since: string) {
  const row = await completed(db, userId, types, since)
    .select(sql<bigint>`count(distinct coalesce(counterparty_email, counterparty))`.as('payers'))
    .executeTakeFirstOrThrow();
  return Number(row.payers);
}
