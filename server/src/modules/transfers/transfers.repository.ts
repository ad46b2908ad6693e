import { sql, type Insertable, type Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { Database, HeldTransfersTable, PayoutsTable } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import { precompiledQuery } from '../../db/precompiled';

type Db = Kysely<Database>;

export interface Party {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  is_demo: number;
  email_verified_at: string | null;
  /** The sender's wallet in the source currency, or the recipient's in the target currency, if open. */
  wallet_id: string | null;
}

/**
 * The sender and (when the email belongs to a Meridian user) the recipient, each with the wallet the transfer
 * touches, in ONE query: transfers are the hot path, so no lookup per party.
 */
export async function findParties(
  db: Db,
  query: { senderId: string; fromCurrency: Currency; recipientEmail: string; toCurrency: Currency },
): Promise<Party[]> {
  const { senderId, fromCurrency, recipientEmail, toCurrency } = query;
  return (await partiesQuery(db, senderId, fromCurrency, recipientEmail, toCurrency)).rows;
}

// Compiled once (db/precompiled.ts): every payment asks it.
const partiesQuery = precompiledQuery(
  (db: Db, senderId: string, fromCurrency: Currency, recipientEmail: string, toCurrency: Currency) =>
    db
      .selectFrom('users as u')
      .leftJoin('ledger_accounts as w', (join) =>
        join
          .onRef('w.user_id', '=', 'u.id')
          .on('w.kind', '=', 'wallet')
          .on(
            'w.currency',
            '=',
            sql<Currency>`case when u.id = ${senderId} then ${fromCurrency} else ${toCurrency} end`,
          ),
      )
      .select([
        'u.id',
        'u.email',
        'u.first_name',
        'u.last_name',
        'u.is_demo',
        'u.email_verified_at',
        'w.id as wallet_id',
      ])
      .where((eb) => eb.or([eb('u.id', '=', senderId), eb('u.email', '=', recipientEmail)])),
);

/** Written after the entry it names. */
export async function insertPayout(db: Db, payout: Insertable<PayoutsTable>) {
  await db.insertInto('payouts').values(payout).execute();
}

/**
 * Pending payouts created at or before `cutoff`, oldest first. On PostgreSQL the rows are locked with
 * FOR UPDATE SKIP LOCKED, so several servers running the job each take a different batch instead of waiting
 * on (or double-settling) one another. SQLite has one writer at a time (BEGIN IMMEDIATE), so no lock is needed.
 */
export function claimDuePayouts(db: Db, cutoff: string, limit: number) {
  const query = db
    .selectFrom('payouts')
    .select(['id', 'transaction_id', 'user_id', 'recipient_email', 'currency', 'amount', 'book'])
    .where('status', '=', 'pending')
    .where('created_at', '<=', cutoff)
    .orderBy('created_at')
    .limit(limit);
  return (isPostgres(db) ? query.forUpdate().skipLocked() : query).execute();
}

export async function markPayoutsSettled(
  db: Db,
  payouts: { id: string }[],
  settlement: { entryId: string; settledAt: string },
) {
  await db
    .updateTable('payouts')
    .set({ status: 'completed', settled_at: settlement.settledAt, settlement_entry_id: settlement.entryId })
    .where(
      'id',
      'in',
      payouts.map((payout) => payout.id),
    )
    .where('status', '=', 'pending')
    .execute();
}

/** Written after the entry it names. */
export async function insertHeldTransfer(db: Db, held: Insertable<HeldTransfersTable>) {
  await db.insertInto('held_transfers').values(held).execute();
}

const heldColumns = [
  'id',
  'sender_id',
  'transaction_id',
  'entry_id',
  'recipient_email',
  'currency',
  'amount',
] as const;

/** Payments waiting for this address, locked on PostgreSQL so a concurrent return cannot take them too. */
export function claimHeldFor(db: Db, email: string) {
  const query = db
    .selectFrom('held_transfers')
    .select(heldColumns)
    .where('recipient_email', '=', email)
    .where('status', '=', 'held')
    .orderBy('created_at');
  return (isPostgres(db) ? query.forUpdate() : query).execute();
}

/** Held payments whose time is up, oldest first; several servers each take different ones (SKIP LOCKED). */
export function claimDueReturns(db: Db, now: string, limit: number) {
  const query = db
    .selectFrom('held_transfers')
    .select(heldColumns)
    .where('status', '=', 'held')
    .where('return_at', '<=', now)
    .orderBy('return_at')
    .limit(limit);
  return (isPostgres(db) ? query.forUpdate().skipLocked() : query).execute();
}

export function resolveHeldTransfer(
  db: Db,
  id: string,
  resolution: { status: 'delivered' | 'returned'; entryId: string; at: string; recipientId?: string },
) {
  return db
    .updateTable('held_transfers')
    .set({
      status: resolution.status,
      resolution_entry_id: resolution.entryId,
      resolved_at: resolution.at,
      recipient_id: resolution.recipientId ?? null,
    })
    .where('id', '=', id)
    .where('status', '=', 'held')
    .execute();
}

/** The postings of an entry, to post their exact reverse. */
export function postingsOfEntry(db: Db, entryId: string) {
  return db
    .selectFrom('postings')
    .select(['account_id', 'currency', 'amount'])
    .where('entry_id', '=', entryId)
    .orderBy('id')
    .execute();
}
