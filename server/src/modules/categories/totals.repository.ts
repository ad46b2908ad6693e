import { sql, type Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { Database } from '../../db/schema';
import { rowCategory } from './categories-sql';

type Db = Kysely<Database>;

// sum() is numeric on PostgreSQL; cast back so both dialects hand over a BigInt.
const bigintSum = (column: string) => sql<bigint | null>`cast(sum(${sql.ref(column)}) as bigint)`;

export interface MovementGroup {
  category: string;
  /** UTC month, "2026-11". */
  month: string;
  type: string;
  currency: Currency;
  to_currency: Currency | null;
  amount: bigint | null;
  fee: bigint | null;
  converted: bigint | null;
  /** An invoice payment's home value as stamped when it was paid (invoice_payments), else null. */
  stamp_currency: Currency | null;
  stamp_amount: bigint | null;
}

/**
 * The user's movements between `since` (inclusive) and `before` (exclusive), summed per category, UTC month,
 * type and currency. Money that moved counts: a payment that came back (`returned`) or failed does not, as in
 * the CSV export. Reads the cards' and invoices' tables for the guess and the stamp, never writes them.
 */
export function movementsByCategory(db: Db, userId: string, since: string, before: string) {
  const rows = db
    .selectFrom('transactions')
    .leftJoin('invoice_payments as ip', (join) =>
      join.onRef('ip.entry_id', '=', 'transactions.entry_id').on('transactions.type', '=', 'invoice_payment'),
    )
    .select([
      rowCategory.as('category'),
      sql<string>`substr(transactions.created_at, 1, 7)`.as('month'),
      'transactions.type',
      'transactions.currency',
      'transactions.to_currency',
      'transactions.amount',
      'transactions.fee',
      'transactions.converted_amount',
      'ip.home_currency as stamp_currency',
      'ip.home_amount as stamp_amount',
    ])
    .where('transactions.user_id', '=', userId)
    .where('transactions.created_at', '>=', since)
    .where('transactions.created_at', '<', before)
    .where('transactions.status', 'in', ['completed', 'pending']);
  const groups = [
    'm.category',
    'm.month',
    'm.type',
    'm.currency',
    'm.to_currency',
    'm.stamp_currency',
  ] as const;
  return db
    .selectFrom(rows.as('m'))
    .select([
      ...groups,
      bigintSum('m.amount').as('amount'),
      bigintSum('m.fee').as('fee'),
      bigintSum('m.converted_amount').as('converted'),
      bigintSum('m.stamp_amount').as('stamp_amount'),
    ])
    .groupBy([...groups])
    .orderBy('m.month')
    .execute() as Promise<MovementGroup[]>;
}
