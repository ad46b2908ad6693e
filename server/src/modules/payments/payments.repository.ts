import type { Insertable, Kysely } from 'kysely';
import type { Database, PaymentCheckoutRow, PaymentCheckoutsTable } from '../../db/schema';

type Db = Kysely<Database>;

export function insertCheckout(db: Db, row: Insertable<PaymentCheckoutsTable>) {
  return db.insertInto('payment_checkouts').values(row).execute();
}

/** The checkout a request key already opened for this user, if any. */
export function findByRequestKey(
  db: Db,
  userId: string,
  key: string,
): Promise<PaymentCheckoutRow | undefined> {
  return db
    .selectFrom('payment_checkouts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('request_key', '=', key)
    .executeTakeFirst();
}

export function findCheckout(db: Db, id: string): Promise<PaymentCheckoutRow | undefined> {
  return db.selectFrom('payment_checkouts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findBySession(db: Db, sessionId: string): Promise<PaymentCheckoutRow | undefined> {
  return db
    .selectFrom('payment_checkouts')
    .selectAll()
    .where('provider_session_id', '=', sessionId)
    .executeTakeFirst();
}

export async function setSession(db: Db, id: string, sessionId: string, url: string) {
  await db
    .updateTable('payment_checkouts')
    .set({ provider_session_id: sessionId, checkout_url: url })
    .where('id', '=', id)
    .execute();
}

/** Takes the event in; false when it was taken in before (then nothing is done for it again). */
export async function claimEvent(db: Db, id: string, type: string, at: string): Promise<boolean> {
  const inserted = await db
    .insertInto('payment_events')
    .values({ id, type, received_at: at })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Moves an open (or expired: a payment Stripe reports later still arrived) checkout to paid; the row, or
 * undefined when it had already moved. The one statement that decides that a checkout credits once.
 */
export function markPaid(
  db: Db,
  id: string,
  fee: bigint,
  at: string,
): Promise<PaymentCheckoutRow | undefined> {
  return db
    .updateTable('payment_checkouts')
    .set({ status: 'paid', fee, completed_at: at })
    .where('id', '=', id)
    .where('status', 'in', ['open', 'expired'])
    .returningAll()
    .executeTakeFirst();
}

export async function setEntry(db: Db, id: string, entryId: string) {
  await db.updateTable('payment_checkouts').set({ entry_id: entryId }).where('id', '=', id).execute();
}

export async function markExpired(db: Db, sessionId: string, at: string) {
  await db
    .updateTable('payment_checkouts')
    .set({ status: 'expired', completed_at: at })
    .where('provider_session_id', '=', sessionId)
    .where('status', '=', 'open')
    .execute();
}
