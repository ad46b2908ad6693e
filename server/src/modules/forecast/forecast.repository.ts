import { sql, type Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The forecast's reads. Its own tables (floors, warnings told) it writes; the other modules' tables it only
 * reads, each through an index and bounded: a user's wallets, open invoices and active recurring invoices,
 * the paid invoices of the clients with something open, and the last months of card purchases (by card,
 * through card_purchases_window). Nothing here walks the history.
 */

export function walletBalances(db: Db, userId: string) {
  return db
    .selectFrom('ledger_accounts')
    .select(['currency', 'balance'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'wallet')
    .orderBy('created_at')
    .execute();
}

/** Sent, overdue and partly paid invoices: what is still owed on each. */
export function openInvoices(db: Db, userId: string) {
  return db
    .selectFrom('invoices')
    .select([
      'id',
      'number',
      'client_name',
      sql<string>`lower(client_email)`.as('client_key'),
      'currency',
      sql<bigint>`total_amount - paid_amount`.as('owed'),
      'due_date',
    ])
    .where('user_id', '=', userId)
    .where('status', 'in', ['sent', 'overdue', 'partially_paid'])
    .orderBy('due_date')
    .orderBy('id')
    .execute();
}

/** Active recurring invoices with a period on or before `to`. */
export function recurringInvoices(db: Db, userId: string, to: string) {
  return db
    .selectFrom('invoice_schedules')
    .select([
      'id',
      'client_name',
      sql<string>`lower(client_email)`.as('client_key'),
      'currency',
      'tax_rate',
      'items',
      'payment_terms_days',
      'frequency',
      'first_date',
      'end_date',
      'end_count',
      'next_index',
    ])
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('next_date', 'is not', null)
    .where('next_date', '<=', to)
    .execute();
}

/** Each paid invoice's due date and paid time, for the clients (by lower-case email) given. */
export function paidInvoicesOf(db: Db, userId: string, clientKeys: string[]) {
  if (clientKeys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('invoices')
    .select([sql<string>`lower(client_email)`.as('client_key'), 'due_date', 'paid_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .where('paid_at', 'is not', null)
    .where(sql<string>`lower(client_email)`, 'in', clientKeys)
    .execute();
}

/** Approved card purchases since `since` (ISO time), each with what left the card's wallet. */
export function cardChargesSince(db: Db, userId: string, since: string) {
  return db
    .selectFrom('cards')
    .innerJoin('card_purchases', 'card_purchases.card_id', 'cards.id')
    .select([
      'card_purchases.merchant',
      'cards.currency',
      'card_purchases.wallet_amount as amount',
      'card_purchases.created_at as at',
    ])
    .where('cards.user_id', '=', userId)
    .where('card_purchases.approved', '=', 1)
    .where('card_purchases.created_at', '>=', since)
    .execute();
}

export function floorsOf(db: Db, userId: string) {
  return db
    .selectFrom('forecast_floors')
    .select(['currency', 'floor'])
    .where('user_id', '=', userId)
    .execute();
}

/** Sets a wallet's floor; zero removes it (no row: no floor). */
export async function saveFloor(db: Db, userId: string, currency: Currency, floor: bigint, at: string) {
  if (floor === 0n) {
    await db
      .deleteFrom('forecast_floors')
      .where('user_id', '=', userId)
      .where('currency', '=', currency)
      .execute();
    return;
  }
  await db
    .insertInto('forecast_floors')
    .values({ user_id: userId, currency, floor, updated_at: at })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'currency']).doUpdateSet({ floor, updated_at: at }),
    )
    .execute();
}

/** A page of users with a wallet, after `after` in id order (the warnings job's walk). */
export async function usersAfter(db: Db, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Records a warning as told; false when it already was (by this run, an earlier one, or another process). */
export async function insertWarning(
  db: Db,
  row: {
    id: string;
    user_id: string;
    currency: Currency;
    kind: 'below_zero' | 'below_floor';
    warning_date: string;
    cause: string;
    created_at: string;
  },
) {
  const inserted = await db
    .insertInto('forecast_warnings')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'currency', 'kind', 'warning_date', 'cause']).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function warningsToldTo(db: Db, userId: string) {
  return db
    .selectFrom('forecast_warnings')
    .select(['currency', 'kind', 'warning_date', 'cause'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}
