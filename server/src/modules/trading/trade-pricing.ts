import { Money } from '@contract/money';
import * as pricing from '@contract/pricing';
import { priceMinorFromRate, type TradeAsset, type TradeFigures, type TradeType } from '@contract/trading';
import type { TradingOrderRow } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** A trade's value, fee and total (contract/src/pricing.ts) with what was traded at what price. */
export interface PricedTrade extends pricing.TradeCharge {
  type: TradeType;
  quantity: Money;
  /** USD per whole unit of the asset, to the cent. */
  price: Money;
}

/**
 * Prices a trade of `quantity` at `price` with the contract's trade pricing (contract/src/pricing.ts: the web
 * app previews a limit order with the same function), refusing one too small to be worth a cent or to cover
 * its fee. Pure and exact.
 */
export function priceTrade(type: TradeType, quantity: Money, price: Money): PricedTrade {
  const { value, fee, total } = pricing.priceTrade(type, quantity, price);
  if (!value.isPositive()) {
    throw new AppError('BUSINESS_RULE', 'This order is too small: it must be worth at least $0.01', {
      quantity: 'Too small',
    });
  }
  if (!total.isPositive()) {
    throw new AppError('BUSINESS_RULE', 'This order is too small to cover its fee', {
      quantity: 'Too small',
    });
  }
  return { type, quantity, price, value, fee, total };
}

/** A live rate as a price to the cent, half up (contract/src/trading.ts). */
export const priceFromRate = (rateText: string): Money => Money.of(priceMinorFromRate(rateText), 'USD');

/** An order row's trade at its limit, priced again from what it stored: what its reservation holds. */
export const tradeOfOrder = (order: TradingOrderRow): PricedTrade =>
  priceTrade(
    order.type,
    Money.of(BigInt(order.quantity), order.asset),
    Money.of(BigInt(order.limit_price!), 'USD'),
  );

export function toFigures(asset: TradeAsset, trade: PricedTrade): TradeFigures {
  return {
    type: trade.type,
    asset,
    quantity: trade.quantity.format(),
    price: trade.price.format(),
    value: trade.value.format(),
    fee: trade.fee.format(),
    total: trade.total.format(),
  };
}
