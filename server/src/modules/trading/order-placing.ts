import type { Kysely } from 'kysely';
import { displayMoney, Money } from '@contract/money';
import {
  limitFillPriceMinor,
  type TradeBody,
  type TradeQuote,
  type TradeQuoteBody,
  type TradingOrder,
} from '@contract/trading';
import type { Database, TradingOrderRow } from '../../db/schema';
import { parseRequestAmount } from '../../lib/amount';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { runIdempotent, type IdempotentRequest } from '../idempotency/idempotency';
import { postEntry } from '../ledger/ledger.service';
import { issueQuote, redeemQuote } from '../quotes/quotes';
import { claimWalletContext, type WalletContext } from '../wallets/wallet-context';
import { recordMarketFill } from './market-fill';
import { accountsOf, walletsOf } from './trade-accounts';
import { limitPlacementEntry, marketTradeEntry } from './trade-entry';
import { priceTrade, toFigures, type PricedTrade } from './trade-pricing';
import { livePrice, type TradingDeps } from './trading-context';
import { orderFilledNotice, orderPlacedNotice } from './trading-notices';
import { toTradingOrder } from './trading.mapper';
import * as repo from './trading.repository';

/** What a trade quote holds for: side, asset and the quantity as parsed ("0.01" and "0.010" are the same). */
const termsOf = (body: TradeQuoteBody, quantity: Money) => ({
  type: body.type,
  asset: body.asset,
  quantity: quantity.format(),
});

/** A total the client shows must be the order's, within a cent of rounding; else the client saw other terms. */
function checkTotal(body: TradeBody, trade: PricedTrade) {
  if (!body.totalAmount) return;
  const claimed = parseRequestAmount(body.totalAmount, 'USD', 'totalAmount');
  const difference = claimed.minor - trade.total.minor;
  if (difference > 1n || difference < -1n) {
    const message = `The total is ${displayMoney(trade.total)}, not ${displayMoney(claimed)}; review the order again`;
    throw new AppError('BUSINESS_RULE', message, { totalAmount: message });
  }
}

/** The live price of a trade, held for the user as a quote for its window. */
export async function quoteTrade(
  deps: TradingDeps,
  userId: string,
  body: TradeQuoteBody,
): Promise<TradeQuote> {
  const quantity = parseRequestAmount(body.quantity, body.asset, 'quantity');
  const trade = priceTrade(body.type, quantity, await livePrice(deps.rates, body.asset));
  const held = await issueQuote(deps.db, {
    userId,
    kind: 'trade',
    terms: termsOf(body, quantity),
    price: trade.price.format(),
  });
  return { ...toFigures(body.asset, trade), ...held };
}

/**
 * A market order fills now at the live price, or at a quote's; a limit order the market has reached fills
 * now at the market price (never worse than its limit); any other limit order rests, its funds reserved.
 */
export function placeTrade(deps: TradingDeps, request: IdempotentRequest, body: TradeBody) {
  const { db, rates, notifier, limits } = deps;
  const { userId } = request;
  const quantity = parseRequestAmount(body.quantity, body.asset, 'quantity');
  // The key claimed, the USD and asset wallets and, for a buy, the month's use (its level locked) read in
  // one round trip on PostgreSQL (wallet-context.ts), as a conversion does.
  const claim = (trx: Kysely<Database>) =>
    claimWalletContext(trx, request, { currencies: ['USD', body.asset], monthlyUse: body.type === 'buy' });
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
        const market = await livePrice(rates, body.asset);
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
      price ??= await livePrice(rates, body.asset);
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
}
