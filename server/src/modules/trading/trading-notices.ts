import { displayMoney } from '@contract/money';
import type { TradeAsset } from '@contract/trading';
import type { Notice } from '../notifications/notifier';
import type { PricedTrade } from './trade-pricing';

const what = (asset: TradeAsset, trade: PricedTrade) =>
  `${trade.type === 'buy' ? 'buy' : 'sell'} ${trade.quantity.format()} ${asset} at ${displayMoney(trade.price)}`;
const toOrders = { actionUrl: '/portfolio', actionText: 'View' } as const;

export const orderFilledNotice = (asset: TradeAsset, trade: PricedTrade): Notice => ({
  category: 'success',
  type: 'transaction',
  title: 'Trade executed',
  message: `Your order to ${what(asset, trade)} was filled: ${displayMoney(trade.total)} ${trade.type === 'buy' ? 'paid' : 'received'}, fee included.`,
  ...toOrders,
});

export const orderPlacedNotice = (asset: TradeAsset, trade: PricedTrade): Notice => ({
  category: 'info',
  type: 'transaction',
  title: 'Limit order placed',
  message: `Your order to ${what(asset, trade)} waits for the market; what it needs is set aside until it fills or you cancel it.`,
  ...toOrders,
});

export const orderCancelledNotice = (asset: TradeAsset, trade: PricedTrade): Notice => ({
  category: 'info',
  type: 'transaction',
  title: 'Order cancelled',
  message: `Your order to ${what(asset, trade)} was cancelled and its reservation returned.`,
  ...toOrders,
});
