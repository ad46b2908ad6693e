import type { TradeAsset, TradingOrder } from '@contract/trading';
import { groupThousands } from '@contract/money';
import { formatMoney } from '@web/lib/money';

/** A quantity as people write it: "0.01000000" BTC → "0.01 BTC", "1250.5" → "1,250.5 ETH". */
export function formatQuantity(quantity: string, asset: TradeAsset): string {
  if (!/^\d+(\.\d+)?$/.test(quantity)) return `${quantity} ${asset}`;
  const [whole = '0', fraction = ''] = quantity.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${groupThousands(whole)}${trimmed ? `.${trimmed}` : ''} ${asset}`;
}

/**
 * The toast after POST /api/trade. A filled order says what moved ("Bought 0.01 BTC for $285.12"); a limit
 * order still waiting for its price says what was reserved or is expected.
 */
export function placedToast(order: TradingOrder): { title: string; description: string } {
  const quantity = formatQuantity(order.quantity, order.asset);
  const total = formatMoney(order.totalAmount, 'USD');
  if (order.status === 'completed') {
    const verb = order.type === 'buy' ? 'Bought' : 'Sold';
    return { title: 'Trade Executed', description: `${verb} ${quantity} for ${total}` };
  }
  const at = order.price ? ` at ${formatMoney(order.price, 'USD')}` : '';
  const money = order.type === 'buy' ? `${total} reserved` : `${total} expected`;
  const verb = order.type === 'buy' ? 'Buy' : 'Sell';
  return { title: 'Order Placed', description: `${verb} ${quantity}${at} is pending (${money}).` };
}
