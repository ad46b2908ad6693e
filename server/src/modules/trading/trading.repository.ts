import { sql, type Insertable, type Kysely } from 'kysely';
import type { TradeAsset } from '@contract/trading';
import { isPostgres } from '../../db/dialect';
import type { Database, TradingOrderRow, TradingOrdersTable } from '../../db/schema';
import { newId } from '../../lib/ids';

type Db = Kysely<Database>;

export function insertOrder(db: Db, row: Insertable<TradingOrdersTable>) {
  return db.insertInto('trading_orders').values(row).execute();
}

/** The user's own order (locked on PostgreSQL, for a cancel); another user's is simply not found. */
export function findOrderForUpdate(db: Db, userId: string, id: string): Promise<TradingOrderRow | undefined> {
  const query = db
    .selectFrom('trading_orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export function listOrders(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('trading_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countPendingOrders(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('trading_orders')
    .select(sql<number>`count(*)`.as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Moves a pending order on; false if it was no longer pending (another process filled or cancelled it). */
export async function resolveOrder(
  db: Db,
  id: string,
  change: {
    status: 'completed' | 'cancelled';
    fill_price?: bigint;
    filled_at?: string;
    /** A fill's own figures: at the market price, which may be better than the limit. */
    value?: bigint;
    fee?: bigint;
    total?: bigint;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('trading_orders')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Pending limit orders the market price reaches: buys at or above it, sells at or below it, oldest first.
 * On PostgreSQL claimed rows are locked and skipped by other processes running the same job.
 */
export function claimFillableOrders(db: Db, asset: TradeAsset, priceCents: bigint, limit: number) {
  const query = db
    .selectFrom('trading_orders')
    .selectAll()
    .where('status', '=', 'pending')
    .where('asset', '=', asset)
    .where((eb) =>
      eb.or([
        eb.and([eb('type', '=', 'buy'), eb('limit_price', '>=', priceCents)]),
        eb.and([eb('type', '=', 'sell'), eb('limit_price', '<=', priceCents)]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit);
  return (isPostgres(db) ? query.forUpdate().skipLocked() : query).execute();
}

export function listHoldings(db: Db, userId: string) {
  return db.selectFrom('holdings').selectAll().where('user_id', '=', userId).execute();
}

/**
 * Average-cost basis after a fill: a buy adds its quantity and what it cost (fee included); a sell takes
 * away its share of the cost in proportion to the quantity sold (rounded half up to the cent).
 */
export async function applyFillToHolding(
  db: Db,
  userId: string,
  asset: TradeAsset,
  fill: { type: 'buy' | 'sell'; quantity: bigint; cost: bigint },
) {
  if (fill.type === 'buy') {
    // A buy only adds, so the database can do the sum: one statement, and no read to go stale.
    await db
      .insertInto('holdings')
      .values({ user_id: userId, asset, id: newId(), quantity: fill.quantity, cost: fill.cost })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'asset']).doUpdateSet({
          quantity: sql`holdings.quantity + excluded.quantity`,
          cost: sql`holdings.cost + excluded.cost`,
        }),
      )
      .execute();
    return;
  }
  const current = await db
    .selectFrom('holdings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('asset', '=', asset)
    .executeTakeFirst();
  const quantity = BigInt(current?.quantity ?? 0n);
  const cost = BigInt(current?.cost ?? 0n);
  const sold = fill.quantity < quantity ? fill.quantity : quantity;
  const share = quantity === 0n ? 0n : (cost * sold * 2n + quantity) / (quantity * 2n);
  const next = { quantity: quantity - sold, cost: cost - share };
  if (current) {
    await db
      .updateTable('holdings')
      .set(next)
      .where('user_id', '=', userId)
      .where('asset', '=', asset)
      .execute();
  } else {
    await db
      .insertInto('holdings')
      .values({ user_id: userId, asset, id: newId(), ...next })
      .execute();
  }
}
