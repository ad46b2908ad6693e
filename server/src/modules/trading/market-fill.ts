import type { Kysely } from 'kysely';
import type { Money } from '@contract/money';
import type { TradeAsset } from '@contract/trading';
import type { Database, TradingOrdersTable } from '../../db/schema';
import type { Insertable } from 'kysely';
import { newId } from '../../lib/ids';
import type { PricedTrade } from './trade-pricing';
import * as repo from './trading.repository';

/**
 * What a market order (or a limit order that can fill at once) leaves besides its ledger entry, in the same transaction: its completed order row and
 * the move of the cost basis. Used by market orders and by the demo's backdated buys.
 */
export async function recordMarketFill(
  trx: Kysely<Database>,
  fill: {
    userId: string;
    asset: TradeAsset;
    trade: PricedTrade;
    transactionId: string | null;
    at: string;
    /** A limit order the market had already reached: filled at once, its limit kept on the order. */
    limitPrice?: Money;
  },
) {
  const { trade } = fill;
  const order: Insertable<TradingOrdersTable> & { id: string } = {
    id: newId(),
    user_id: fill.userId,
    type: trade.type,
    asset: fill.asset,
    quantity: trade.quantity.minor,
    limit_price: fill.limitPrice?.minor ?? null,
    fill_price: trade.price.minor,
    value: trade.value.minor,
    fee: trade.fee.minor,
    total: trade.total.minor,
    status: 'completed',
    transaction_id: fill.transactionId,
    created_at: fill.at,
    filled_at: fill.at,
  };
  await repo.insertOrder(trx, order);
  await applyFill(trx, fill.userId, fill.asset, trade);
  return order;
}

/** Moves the user's average-cost basis by a fill: a buy adds what it cost (fee included). */
export function applyFill(trx: Kysely<Database>, userId: string, asset: TradeAsset, trade: PricedTrade) {
  const cost = trade.type === 'buy' ? trade.total.minor : 0n;
  return repo.applyFillToHolding(trx, userId, asset, {
    type: trade.type,
    quantity: trade.quantity.minor,
    cost,
  });
}
