import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { CardPurchasesTable, CardsTable, Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Cards with the balance of the wallet each draws on (a card whose wallet is gone shows 0). */
const cardsWithBalance = (db: Db) =>
  db
    .selectFrom('cards as c')
    .leftJoin('ledger_accounts as w', (join) =>
      join
        .onRef('w.user_id', '=', 'c.user_id')
        .onRef('w.currency', '=', 'c.currency')
        .on('w.kind', '=', 'wallet'),
    )
    .selectAll('c')
    .select('w.balance');

export function listCards(db: Db, userId: string) {
  return cardsWithBalance(db)
    .where('c.user_id', '=', userId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/** How many cards the user has, whatever their status: what the cap counts. */
export async function countCards(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('cards')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's own card; another user's card is simply not found. */
export function findCard(db: Db, userId: string, id: string) {
  return cardsWithBalance(db).where('c.user_id', '=', userId).where('c.id', '=', id).executeTakeFirst();
}

/**
 * The user's own card, locked FOR UPDATE on PostgreSQL: purchases on one card queue here, so each sums its
 * limit windows after the one before it committed. SQLite's BEGIN IMMEDIATE already serialises writers.
 */
export function lockCard(db: Db, userId: string, id: string) {
  const query = db.selectFrom('cards').selectAll().where('user_id', '=', userId).where('id', '=', id);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export function insertCard(db: Db, row: Insertable<CardsTable>) {
  return db.insertInto('cards').values(row).execute();
}

export function updateCard(db: Db, userId: string, id: string, patch: Updateable<CardsTable>) {
  return db.updateTable('cards').set(patch).where('id', '=', id).where('user_id', '=', userId).execute();
}

/** The Stripe cardholder a user already has (from an earlier card), if any. */
export async function stripeCardholderOf(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('cards')
    .select('provider_cardholder_id')
    .where('user_id', '=', userId)
    .where('provider', '=', 'stripe')
    .where('provider_cardholder_id', 'is not', null)
    .executeTakeFirst();
  return row?.provider_cardholder_id ?? null;
}

/** Approved spending of a card since `since` (in the card's currency), optionally of one channel. */
export async function spentSince(db: Db, cardId: string, since: string, channel?: 'atm'): Promise<bigint> {
  let query = db
    .selectFrom('card_purchases')
    .select(sql<string>`cast(coalesce(sum(wallet_amount), 0) as text)`.as('total'))
    .where('card_id', '=', cardId)
    .where('approved', '=', 1)
    .where('created_at', '>=', since);
  if (channel) query = query.where('channel', '=', channel);
  const row = await query.executeTakeFirstOrThrow();
  return BigInt(row.total);
}

export function insertPurchase(db: Db, row: Insertable<CardPurchasesTable>) {
  return db.insertInto('card_purchases').values(row).execute();
}

/** The card-shipping job: physical cards ordered before `orderedBefore` are on their way. */
export async function markShipped(db: Db, orderedBefore: string, now: string): Promise<number> {
  const result = await db
    .updateTable('cards')
    .set({ status: 'shipped', status_changed_at: now })
    .where('status', '=', 'ordered')
    .where('status_changed_at', '<=', orderedBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
