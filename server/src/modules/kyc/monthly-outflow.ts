import type { ExpressionBuilder } from 'kysely';
import type { TransactionStatus, TransactionType } from '@contract/transactions';
import type { Database } from '../../db/schema';

/**
 * What counts toward the monthly limit, the one definition: a history row counts by its amount when it is not
 * failed or returned and it is
 * - a payment to someone else (COUNTED_TYPES: a send, a card payment),
 * - a conversion (type 'exchange') whose journal entry is an exchange or a trade buy, or
 * - the USD set aside when a limit buy is placed (an 'order_reservation' entry's row from USD).
 * Sells, deposits, money received, goals and fees do not count.
 *
 * The database keeps the running totals (`monthly_outflows`) by triggers that apply this rule to every
 * history row as it is written or changes status: on PostgreSQL `transactions_monthly_outflow`
 * (sql/monthly-outflow.sql), on SQLite the triggers of migration 0018. monthly-outflow.test.ts holds both to
 * `countsTowardMonthlyLimit` with random rows; ledger:verify recomputes the totals with `countedOutflow`.
 */
export const COUNTED_TYPES = ['send', 'card_payment'] as const satisfies TransactionType[];
export const UNCOUNTED_STATUSES = ['failed', 'returned'] as const satisfies TransactionStatus[];
/** The entry kinds whose 'exchange' rows count: a conversion, and what a trade buy pays. */
export const COUNTED_EXCHANGE_ENTRIES = ['exchange', 'trade_buy'] as const;
/** A limit buy counts when placed: its USD is reserved then. */
export const COUNTED_RESERVATION = { entryKind: 'order_reservation', fromCurrency: 'USD' } as const;

export interface OutflowRow {
  type: string;
  status: string;
  from_currency: string | null;
}

/** Whether a history row, of an entry of kind `entryKind`, counts toward its user's monthly limit. */
export function countsTowardMonthlyLimit(row: OutflowRow, entryKind: string): boolean {
  if ((UNCOUNTED_STATUSES as readonly string[]).includes(row.status)) return false;
  return (
    (COUNTED_TYPES as readonly string[]).includes(row.type) ||
    (row.type === 'exchange' && (COUNTED_EXCHANGE_ENTRIES as readonly string[]).includes(entryKind)) ||
    (entryKind === COUNTED_RESERVATION.entryKind && row.from_currency === COUNTED_RESERVATION.fromCurrency)
  );
}

/** countsTowardMonthlyLimit as a query's condition, over history rows `t` joined to their entries `j`. */
export function countedOutflow(
  eb: ExpressionBuilder<{ t: Database['transactions']; j: Database['journal_entries'] }, 't' | 'j'>,
) {
  return eb.and([
    eb('t.status', 'not in', UNCOUNTED_STATUSES),
    eb.or([
      eb('t.type', 'in', COUNTED_TYPES),
      eb.and([eb('t.type', '=', 'exchange'), eb('j.kind', 'in', COUNTED_EXCHANGE_ENTRIES)]),
      eb.and([
        eb('j.kind', '=', COUNTED_RESERVATION.entryKind),
        eb('t.from_currency', '=', COUNTED_RESERVATION.fromCurrency),
      ]),
    ]),
  ]);
}
