import { sql, type Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { MonthOfCharges } from './subscriptions';

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

/**
 * Each client's paid invoices (by lower-case email, for the clients given): how many, and the sum of their
 * days late (paid day − due day; early is negative).
 */
export async function latenessOf(db: Db, userId: string, clientKeys: string[]) {
  if (clientKeys.length === 0) return [];
  const daysLate = isPostgres(db)
    ? sql<number>`sum(cast(substr(paid_at, 1, 10) as date) - cast(due_date as date))`
    : sql<number>`sum(cast(julianday(substr(paid_at, 1, 10)) - julianday(due_date) as integer))`;
  const rows = await db
    .selectFrom('invoices')
    .select([
      sql<string>`lower(client_email)`.as('client_key'),
      sql<number | bigint | string>`count(*)`.as('paid'),
      daysLate.as('days_late'),
    ])
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .where('paid_at', 'is not', null)
    .where(sql<string>`lower(client_email)`, 'in', clientKeys)
    .groupBy(sql`lower(client_email)`)
    .execute();
  return rows.map((row) => ({
    clientKey: row.client_key,
    paid: Number(row.paid),
    daysLate: Number(row.days_late),
  }));
}

const merchantKey = sql<string>`lower(trim(card_purchases.merchant))`;
const monthOf = sql<string>`substr(card_purchases.created_at, 1, 7)`;

/**
 * Approved card purchases since `since` (ISO time), counted per merchant, wallet currency and month: what
 * subscriptions are detected from, without bringing each purchase out of the database.
 */
export async function cardMonthsSince(db: Db, userId: string, since: string): Promise<MonthOfCharges[]> {
  const rows = await db
    .selectFrom('cards')
    .innerJoin('card_purchases', 'card_purchases.card_id', 'cards.id')
    .select([
      merchantKey.as('merchant_key'),
      'cards.currency',
      monthOf.as('month'),
      sql<number | bigint | string>`count(*)`.as('charges'),
      sql<string>`max(card_purchases.created_at)`.as('last_at'),
    ])
    .where('cards.user_id', '=', userId)
    .where('card_purchases.approved', '=', 1)
    .where('card_purchases.created_at', '>=', since)
    .groupBy([merchantKey, 'cards.currency', monthOf])
    .execute();
  return rows.map((row) => ({
    merchantKey: row.merchant_key,
    currency: row.currency,
    month: row.month,
    charges: Number(row.charges),
    lastAt: row.last_at,
  }));
}

/** The charge of a merchant at `at` on the user's cards of a currency: its name as typed, and its amount. */
export function chargeAt(
  db: Db,
  userId: string,
  found: { merchantKey: string; currency: Currency; lastAt: string },
) {
  return db
    .selectFrom('cards')
    .innerJoin('card_purchases', 'card_purchases.card_id', 'cards.id')
    .select(['card_purchases.merchant', 'card_purchases.wallet_amount'])
    .where('cards.user_id', '=', userId)
    .where('cards.currency', '=', found.currency)
    .where('card_purchases.approved', '=', 1)
    .where('card_purchases.created_at', '=', found.lastAt)
    .where(merchantKey, '=', found.merchantKey)
    .executeTakeFirst();
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

/**
 * A page of users whose warnings check is due at `now` (or who were never checked), after `after` in id
 * order: the candidates the warnings job then tries to claim.
 */
export async function dueUsersAfter(db: Db, now: string, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('forecast_checks', 'forecast_checks.user_id', 'users.id')
    .select('users.id')
    .where('users.id', '>', after)
    .where((eb) =>
      eb.or([
        eb('forecast_checks.next_check_at', 'is', null),
        eb('forecast_checks.next_check_at', '<=', now),
      ]),
    )
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims the users among `userIds` still due at `now` by moving their next check to `next`: one upsert whose
 * update applies only while the row is due, so of two processes claiming one user, the second updates nothing
 * and is not handed it back. Returns the users this call claimed.
 */
export async function claimChecks(db: Db, userIds: readonly string[], now: string, next: string) {
  if (userIds.length === 0) return [];
  const rows = await db
    .insertInto('forecast_checks')
    .values(userIds.map((user_id) => ({ user_id, next_check_at: next })))
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ next_check_at: next })
        .where('forecast_checks.next_check_at', '<=', now),
    )
    .returning('user_id')
    .execute();
  return rows.map((row) => row.user_id);
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

export function taxEstimateOf(db: Db, userId: string) {
  return db
    .selectFrom('forecast_tax_estimates')
    .select(['computed_on', 'currency', 'next_date', 'shortfall'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function saveTaxEstimate(
  db: Db,
  row: { user_id: string; computed_on: string; currency: Currency; next_date: string; shortfall: bigint },
) {
  const { user_id: _userId, ...changes } = row;
  await db
    .insertInto('forecast_tax_estimates')
    .values(row)
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(changes))
    .execute();
}
