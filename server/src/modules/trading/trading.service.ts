import type { Kysely } from 'kysely';
import { displayMoney, Money } from '@contract/money';
import {
  limitFillPriceMinor,
  tradeAssets,
  type Holding,
  type Portfolio,
  type TradeAsset,
  type TradeBody,
  type TradeQuote,
  type TradeQuoteBody,
  type TradingOrder,
} from '@contract/trading';
import type { Database, TradingOrderRow } from '../../db/schema';
import { parseRequestAmount } from '../../lib/amount';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Job } from '../../jobs/scheduler';
import type { RateSource } from '../fx/rate-source';
import { quotedRate } from '../fx/fx-math';
import { runIdempotent, type IdempotentRequest } from '../idempotency/idempotency';
import { postEntry } from '../ledger/ledger.service';
import { withMoneyTransaction } from '../ledger/money-transaction';
import type { SpendingLimits } from '../kyc/spending-limit';
import type { Notifier } from '../notifications/notifier';
import { issueQuote, redeemQuote } from '../quotes/quotes';
import { setTransactionStatus } from '../transactions/transactions.repository';
import { claimWalletContext, type WalletContext } from '../wallets/wallet-context';
import {
  ensureUserAccount,
  ensureWallet,
  findWalletByCurrency,
  type WalletRow,
} from '../wallets/wallets.repository';
import { applyFill, recordMarketFill } from './market-fill';
import { holdingFigures, percentOf } from './portfolio-figures';
import {
  filledHistoryFigures,
  limitCancelEntry,
  limitFillEntry,
  limitPlacementEntry,
  marketTradeEntry,
  type MarketAccounts,
  type TradeAccounts,
} from './trade-entry';
import { priceFromRate, priceTrade, toFigures, type PricedTrade } from './trade-pricing';
import { orderCancelledNotice, orderFilledNotice, orderPlacedNotice } from './trading-notices';
import { toTradingOrder } from './trading.mapper';
import * as repo from './trading.repository';

const RESERVATION = 'reservation';
const MATCH_BATCH = 100;
const ORDERS_SHOWN = 100;

/** What a trade quote holds for: side, asset and the quantity as parsed ("0.01" and "0.010" are the same). */
const termsOf = (body: TradeQuoteBody, quantity: Money) => ({
  type: body.type,
  asset: body.asset,
  quantity: quantity.format(),
});

/**
 * The USD and asset wallets a trade moves between, opened if missing. `found`: the user's wallets already
 * read in this transaction (a trade's context), so that an existing wallet costs no query.
 */
async function walletsOf(
  trx: Kysely<Database>,
  userId: string,
  asset: TradeAsset,
  found: readonly WalletRow[] = [],
): Promise<MarketAccounts> {
  return {
    usdWallet: await ensureWallet(trx, userId, 'USD', found),
    assetWallet: await ensureWallet(trx, userId, asset, found),
  };
}

/** …and the reservation accounts a limit order holds its funds in: only limit orders need them. */
async function accountsOf(
  trx: Kysely<Database>,
  userId: string,
  asset: TradeAsset,
  found: readonly WalletRow[] = [],
): Promise<TradeAccounts> {
  return {
    ...(await walletsOf(trx, userId, asset, found)),
    usdReserve: await ensureUserAccount(trx, userId, RESERVATION, 'USD'),
    assetReserve: await ensureUserAccount(trx, userId, RESERVATION, asset),
  };
}

/** An order row's trade at its limit, priced again from what it stored: what its reservation holds. */
const tradeOfOrder = (order: TradingOrderRow): PricedTrade =>
  priceTrade(
    order.type,
    Money.of(BigInt(order.quantity), order.asset),
    Money.of(BigInt(order.limit_price!), 'USD'),
  );

export type TradingService = ReturnType<typeof createTradingService>;

/**
 * BTC and ETH against USD on the ledger. A market order fills at once at the live price (or the price of a
 * quote the user saw, within its window) in one entry. A limit order the market has already reached fills the
 * same way, at the market price (limitFillPriceMinor: never worse than its limit); any other moves what it
 * needs at its limit to the user's reservation account and the matching job fills it at the market price when
 * the market reaches it (a buy's unspent reservation comes back in the fill's entry), or the
 * user cancels it and the reservation comes back. Every fill moves the cost basis (holdings) in the same
 * transaction.
 */
export function createTradingService(deps: {
  db: Kysely<Database>;
  rates: RateSource;
  notifier: Notifier;
  /** The monthly limit by verification level (modules/kyc): buys count, sells do not. */
  limits: SpendingLimits;
}) {
  const { db, rates, notifier, limits } = deps;

  async function livePrice(asset: TradeAsset): Promise<Money> {
    const quote = await rates.getRate(asset, 'USD');
    quotedRate(quote.rate); // 503 when the provider gives nothing usable
    return priceFromRate(quote.rate);
  }

  function checkTotal(body: TradeBody, trade: PricedTrade) {
    if (!body.totalAmount) return;
    const claimed = parseRequestAmount(body.totalAmount, 'USD', 'totalAmount');
    const difference = claimed.minor - trade.total.minor;
    if (difference > 1n || difference < -1n) {
      const message = `The total is ${displayMoney(trade.total)}, not ${displayMoney(claimed)}; review the order again`;
      throw new AppError('BUSINESS_RULE', message, { totalAmount: message });
    }
  }

  return {
    async quote(userId: string, body: TradeQuoteBody): Promise<TradeQuote> {
      const quantity = parseRequestAmount(body.quantity, body.asset, 'quantity');
      const trade = priceTrade(body.type, quantity, await livePrice(body.asset));
      const held = await issueQuote(db, {
        userId,
        kind: 'trade',
        terms: termsOf(body, quantity),
        price: trade.price.format(),
      });
      return { ...toFigures(body.asset, trade), ...held };
    },

    async trade(request: IdempotentRequest, body: TradeBody) {
      const { userId } = request;
      const quantity = parseRequestAmount(body.quantity, body.asset, 'quantity');
      // The key claimed, the USD and asset wallets and, for a buy, the month's use (its level locked) read in
      // one round trip on PostgreSQL (wallet-context.ts), as a conversion does (payment-round-trips.test counts
      // a market buy's round trips).
      const claim = (trx: Kysely<Database>) =>
        claimWalletContext(trx, request, {
          currencies: ['USD', body.asset],
          monthlyUse: body.type === 'buy',
        });
      return runIdempotent<TradingOrder, WalletContext>(
        db,
        request,
        async (trx, context) => {
          const limit = body.price ? parseRequestAmount(body.price, 'USD', 'price') : null;
          if (limit && body.quoteId) {
            throw new AppError('VALIDATION_FAILED', 'A limit order sets its own price; it takes no quote', {
              quoteId: 'Not for limit orders',
            });
          }
          let price: Money | null = null;
          /** The limit of an order the market has not reached: it rests, its funds reserved at the limit. */
          let resting: Money | null = null;
          if (limit) {
            // What the customer agreed to is the order at its limit: the most a buy costs, the least a sell
            // gets. If the market is already there it fills now at the market price, never worse.
            checkTotal(body, priceTrade(body.type, quantity, limit));
            const market = await livePrice(body.asset);
            const now = limitFillPriceMinor(body.type, limit.minor, market.minor);
            if (now === null) resting = limit;
            price = Money.of(now ?? limit.minor, 'USD');
          } else if (body.quoteId) {
            const held = await redeemQuote(trx, {
              userId,
              kind: 'trade',
              quoteId: body.quoteId,
              terms: termsOf(body, quantity),
            });
            price = Money.parse(held, 'USD');
          }
          price ??= await livePrice(body.asset);
          const trade = priceTrade(body.type, quantity, price);
          if (!limit) checkTotal(body, trade);
          if (trade.type === 'buy') await limits.assertWithinMonthlyLimitOf(context.use!, trade.value);
          if (!resting) {
            const wallets = await walletsOf(trx, userId, body.asset, context.wallets);
            const posted = await postEntry(trx, marketTradeEntry(userId, body.asset, trade, wallets));
            const order = await recordMarketFill(trx, {
              userId,
              asset: body.asset,
              trade,
              transactionId: posted.transactions[0]?.id ?? null,
              at: posted.createdAt,
              limitPrice: limit ?? undefined,
            });
            await notifier.raise(trx, userId, orderFilledNotice(body.asset, trade));
            return { status: 201, body: toTradingOrder(order as TradingOrderRow) };
          }
          const accounts = await accountsOf(trx, userId, body.asset, context.wallets);
          const posted = await postEntry(trx, limitPlacementEntry(userId, body.asset, trade, accounts));
          const order: TradingOrderRow = {
            id: newId(),
            user_id: userId,
            type: body.type,
            asset: body.asset,
            quantity: quantity.minor,
            limit_price: resting.minor,
            fill_price: null,
            value: trade.value.minor,
            fee: trade.fee.minor,
            total: trade.total.minor,
            status: 'pending',
            transaction_id: posted.transactions[0]?.id ?? null,
            created_at: posted.createdAt,
            filled_at: null,
          };
          await repo.insertOrder(trx, order);
          await notifier.raise(trx, userId, orderPlacedNotice(body.asset, trade));
          return { status: 201, body: toTradingOrder(order) };
        },
        claim,
      );
    },

    /** Cancels a pending limit order and returns its reservation. Another user's order is a 404. */
    async cancel(userId: string, orderId: string): Promise<TradingOrder> {
      return withMoneyTransaction(db, async (trx) => {
        const order = await repo.findOrderForUpdate(trx, userId, orderId);
        if (!order) throw new AppError('NOT_FOUND', 'Order not found');
        if (
          order.status !== 'pending' ||
          !(await repo.resolveOrder(trx, order.id, { status: 'cancelled' }))
        ) {
          throw new AppError(
            'CONFLICT',
            `This order is already ${order.status === 'completed' ? 'filled' : 'cancelled'}`,
          );
        }
        const trade = tradeOfOrder(order);
        await postEntry(
          trx,
          limitCancelEntry(order.asset, trade, await accountsOf(trx, userId, order.asset)),
        );
        if (order.transaction_id) await setTransactionStatus(trx, [order.transaction_id], 'returned');
        await notifier.raise(trx, userId, orderCancelledNotice(order.asset, trade));
        return toTradingOrder({ ...order, status: 'cancelled' });
      });
    },

    async orders(userId: string): Promise<TradingOrder[]> {
      return (await repo.listOrders(db, userId, ORDERS_SHOWN)).map(toTradingOrder);
    },

    async portfolio(userId: string): Promise<Portfolio> {
      const [basis, pendingOrders] = await Promise.all([
        repo.listHoldings(db, userId),
        repo.countPendingOrders(db, userId),
      ]);
      const holdings: Holding[] = [];
      for (const asset of tradeAssets) {
        const wallet = await findWalletByCurrency(db, userId, asset);
        const held = basis.find((row) => row.asset === asset);
        const balance = BigInt(wallet?.balance ?? 0n);
        if (!wallet || (balance === 0n && !held)) continue;
        const price = await livePrice(asset);
        holdings.push(
          holdingFigures({
            id: held?.id ?? wallet.id,
            asset,
            balance,
            basis: held ? { quantity: BigInt(held.quantity), cost: BigInt(held.cost) } : null,
            priceCents: price.minor,
          }),
        );
      }
      const sum = (field: 'currentValue' | 'totalInvested') =>
        holdings.reduce((total, holding) => total + Money.parse(holding[field], 'USD').minor, 0n);
      const value = sum('currentValue');
      const invested = sum('totalInvested');
      const usd = (cents: bigint) => Money.of(cents, 'USD').format();
      return {
        holdings: holdings.filter((holding) => holding.quantity !== Money.zero(holding.asset).format()),
        totalValue: usd(value),
        totalInvested: usd(invested),
        totalProfitLoss: usd(value - invested),
        totalProfitLossPercent: percentOf(value - invested, invested),
        pendingOrders,
      };
    },

    /** Fills every pending limit order the market has reached. Safe on several processes at once. */
    async matchOrders(): Promise<number> {
      let filled = 0;
      for (const asset of tradeAssets) {
        const price = await livePrice(asset);
        for (;;) {
          const count = await withMoneyTransaction(db, async (trx) => {
            const due = await repo.claimFillableOrders(trx, asset, price.minor, MATCH_BATCH);
            const at = new Date().toISOString();
            for (const order of due) {
              const atLimit = tradeOfOrder(order);
              const fillPrice =
                limitFillPriceMinor(order.type, atLimit.price.minor, price.minor) ?? atLimit.price.minor;
              const trade = priceTrade(order.type, atLimit.quantity, Money.of(fillPrice, 'USD'));
              if (
                !(await repo.resolveOrder(trx, order.id, {
                  status: 'completed',
                  fill_price: fillPrice,
                  filled_at: at,
                  value: trade.value.minor,
                  fee: trade.fee.minor,
                  total: trade.total.minor,
                }))
              )
                continue;
              await postEntry(
                trx,
                limitFillEntry(asset, trade, atLimit, await accountsOf(trx, order.user_id, asset)),
              );
              if (order.transaction_id) {
                await repo.completeOrderTransaction(
                  trx,
                  order.transaction_id,
                  filledHistoryFigures(asset, trade),
                );
              }
              await applyFill(trx, order.user_id, asset, trade);
              await notifier.raise(trx, order.user_id, orderFilledNotice(asset, trade));
            }
            return due.length;
          });
          filled += count;
          if (count < MATCH_BATCH) break;
        }
      }
      return filled;
    },
  };
}

/** Every 2 seconds: fill the limit orders the market has reached. */
export const orderMatchingJob = (trading: TradingService): Job => ({
  name: 'match-limit-orders',
  everyMs: 2_000,
  run: () => trading.matchOrders(),
});
