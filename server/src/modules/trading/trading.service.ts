import type { TradeBody, TradeQuoteBody } from '@contract/trading';
import type { Job } from '../../jobs/scheduler';
import type { IdempotentRequest } from '../idempotency/idempotency';
import { placeTrade, quoteTrade } from './order-placing';
import { cancelOrder, matchOrders } from './order-resolving';
import { listOrders, portfolioOf } from './portfolio';
import type { TradingDeps } from './trading-context';

export type TradingService = ReturnType<typeof createTradingService>;

/**
 * BTC and ETH against USD on the ledger. A market order fills at once at the live price (or the price of a
 * quote the user saw, within its window) in one entry. A limit order the market has already reached fills the
 * same way, at the market price (limitFillPriceMinor: never worse than its limit); any other moves what it
 * needs at its limit to the user's reservation account (order-placing.ts) and the matching job fills it at the
 * market price when the market reaches it (a buy's unspent reservation comes back in the fill's entry), or the
 * user cancels it and the reservation comes back (order-resolving.ts). Every fill moves the cost basis
 * (holdings) in the same transaction. What the module needs of wallets and history rows goes through
 * trade-accounts.ts.
 */
export function createTradingService(deps: TradingDeps) {
  return {
    quote: (userId: string, body: TradeQuoteBody) => quoteTrade(deps, userId, body),
    trade: (request: IdempotentRequest, body: TradeBody) => placeTrade(deps, request, body),
    cancel: (userId: string, orderId: string) => cancelOrder(deps, userId, orderId),
    orders: (userId: string) => listOrders(deps, userId),
    portfolio: (userId: string) => portfolioOf(deps, userId),
    /** Fills every pending limit order the market has reached. Safe on several processes at once. */
    matchOrders: () => matchOrders(deps),
  };
}

/** Every 2 seconds: fill the limit orders the market has reached. */
export const orderMatchingJob = (trading: TradingService): Job => ({
  name: 'match-limit-orders',
  everyMs: 2_000,
  run: () => trading.matchOrders(),
});
