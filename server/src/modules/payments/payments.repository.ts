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
 * undefined when it had already moved, or needs an operator. The one statement that decides that a checkout
 * credits once.
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
    .where('attention', 'is', null)
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

/** Ends an open checkout (its session can no longer be paid): it holds nothing from then on. */
export async function markEnded(db: Db, id: string, at: string) {
  await db
    .updateTable('payment_checkouts')
    .set({ status: 'expired', completed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}

/** Marks a checkout as needing an operator (the first reason stays): never credited, it holds nothing. */
export async function setAttention(db: Db, id: string, reason: string) {
  await db
    .updateTable('payment_checkouts')
    .set({ attention: reason })
    .where('id', '=', id)
    .where('attention', 'is', null)
    .execute();
}

/** Checkouts that hold part of what a subject is owed: open and not waiting for an operator. */
const holding = (db: Db, purpose: PaymentCheckoutRow['purpose'], subjectId: string) =>
  db
    .selectFrom('payment_checkouts')
    .where('purpose', '=', purpose)
    .where('subject_id', '=', subjectId)
    .where('status', '=', 'open')
    .where('attention', 'is', null);

/** What the subject's open checkouts may still collect, in minor units of `currency`. */
export async function heldFor(
  db: Db,
  purpose: PaymentCheckoutRow['purpose'],
  subjectId: string,
  currency: PaymentCheckoutRow['credit_currency'],
): Promise<bigint> {
  const row = await holding(db, purpose, subjectId)
    .where('credit_currency', '=', currency)
    .select((eb) => eb.fn.sum<string | number | bigint | null>('credit_amount').as('held'))
    .executeTakeFirst();
  return BigInt(row?.held ?? 0);
}

/**
 * The subject's holding checkouts whose session has expired by `now` (or, opened before sessions had a
 * stored expiry, Stripe's default day ago): the processor is asked whether each was paid before it ended.
 */
export function holdingPastExpiry(
  db: Db,
  purpose: PaymentCheckoutRow['purpose'],
  subjectId: string,
  now: Date,
): Promise<PaymentCheckoutRow[]> {
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  return holding(db, purpose, subjectId)
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now.toISOString()),
        eb.and([eb('expires_at', 'is', null), eb('created_at', '<=', dayAgo)]),
      ]),
    )
    .execute();
}

/** How many checkouts wait for an operator (System Status says so). */
export async function countNeedingAttention(db: Db): Promise<number> {
  const row = await db
    .selectFrom('payment_checkouts')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('attention', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
