import { Money } from '@contract/money';
import {
  priceMinorFromRate,
  tradingFeeMinor,
  type TradeAsset,
  type TradeFigures,
  type TradeType,
} from '@contract/trading';
import type { TradingOrderRow } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Minor units per whole unit of an asset (BTC and ETH: 8 decimals). */
const ASSET_UNIT = 100_000_000n;

export interface PricedTrade {
  type: TradeType;
  quantity: Money;
  /** USD per whole unit of the asset, to the cent. */
  price: Money;
  /** quantity × price, to the cent: a buy rounds up, a sell down (never in the customer's favour by more than a cent). */
  value: Money;
  fee: Money;
  /** What leaves the USD wallet (buy: value + fee) or reaches it (sell: value − fee). */
  total: Money;
}

/** Prices a trade of `quantity` at `price` with the trading fee (contract/src/trading.ts). Pure and exact. */
export function priceTrade(type: TradeType, quantity: Money, price: Money): PricedTrade {
  const product = quantity.minor * price.minor;
  const cents = type === 'buy' ? (product + ASSET_UNIT - 1n) / ASSET_UNIT : product / ASSET_UNIT;
  const value = Money.of(cents, 'USD');
  if (!value.isPositive()) {
    throw new AppError('BUSINESS_RULE', 'This order is too small: it must be worth at least $0.01', {
      quantity: 'Too small',
    });
  }
  const fee = Money.of(tradingFeeMinor(value.minor), 'USD');
  const total = type === 'buy' ? value.plus(fee) : value.minus(fee);
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
