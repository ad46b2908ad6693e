import { Money } from '@contract/money';
import { limitFillPriceMinor, tradeAssets, type TradingOrder } from '@contract/trading';
import { AppError } from '../../lib/errors';
import { postEntry } from '../ledger/ledger.service';
import { withMoneyTransaction } from '../../db/money-transaction';
import { applyFill } from './market-fill';
import { accountsOf, markOrderFilled, markOrderReturned } from './trade-accounts';
import { filledHistoryFigures, limitCancelEntry, limitFillEntry } from './trade-entry';
import { priceTrade, tradeOfOrder } from './trade-pricing';
import { livePrice, type TradingDeps } from './trading-context';
import { orderCancelledNotice, orderFilledNotice } from './trading-notices';
import { toTradingOrder } from './trading.mapper';
import * as repo from './trading.repository';

/** How a resting limit order ends: its owner cancels it, or the matching job fills it. */

const MATCH_BATCH = 100;

/** Cancels a pending limit order and returns its reservation. Another user's order is a 404. */
export function cancelOrder(deps: TradingDeps, userId: string, orderId: string): Promise<TradingOrder> {
  return withMoneyTransaction(deps.db, async (trx) => {
    const order = await repo.findOrderForUpdate(trx, userId, orderId);
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    if (order.status !== 'pending' || !(await repo.resolveOrder(trx, order.id, { status: 'cancelled' }))) {
      throw new AppError(
        'CONFLICT',
        `This order is already ${order.status === 'completed' ? 'filled' : 'cancelled'}`,
      );
    }
    const trade = tradeOfOrder(order);
    await postEntry(trx, limitCancelEntry(order.asset, trade, await accountsOf(trx, userId, order.asset)));
    if (order.transaction_id) await markOrderReturned(trx, order.transaction_id);
    await deps.notifier.raise(trx, userId, orderCancelledNotice(order.asset, trade));
    return toTradingOrder({ ...order, status: 'cancelled' });
  });
}

/**
 * Fills every pending limit order the market has reached, at the market price (never worse than its limit;
 * a buy's unspent reservation comes back in the fill's entry). Batches are claimed with SKIP LOCKED on
 * PostgreSQL, so several processes may run it at once.
 */
export async function matchOrders(deps: TradingDeps): Promise<number> {
  let filled = 0;
  for (const asset of tradeAssets) {
    const price = await livePrice(deps.rates, asset);
    for (;;) {
      const count = await withMoneyTransaction(deps.db, async (trx) => {
        const due = await repo.claimFillableOrders(trx, asset, price.minor, MATCH_BATCH);
        const at = new Date().toISOString();
        for (const order of due) {
          const atLimit = tradeOfOrder(order);
          const fillPrice =
            limitFillPriceMinor(order.type, atLimit.price.minor, price.minor) ?? atLimit.price.minor;
          const trade = priceTrade(order.type, atLimit.quantity, Money.of(fillPrice, 'USD'));
          const resolved = await repo.resolveOrder(trx, order.id, {
            status: 'completed',
            fill_price: fillPrice,
            filled_at: at,
            value: trade.value.minor,
            fee: trade.fee.minor,
            total: trade.total.minor,
          });
          if (!resolved) continue;
          const accounts = await accountsOf(trx, order.user_id, asset);
          await postEntry(trx, limitFillEntry(asset, trade, atLimit, accounts));
          if (order.transaction_id) {
            await markOrderFilled(trx, order.transaction_id, filledHistoryFigures(asset, trade));
          }
          await applyFill(trx, order.user_id, asset, trade);
          await deps.notifier.raise(trx, order.user_id, orderFilledNotice(asset, trade));
        }
        return due.length;
      });
      filled += count;
      if (count < MATCH_BATCH) break;
    }
  }
  return filled;
}
