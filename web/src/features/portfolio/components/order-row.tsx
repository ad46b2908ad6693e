import type { TradingOrder } from '@contract/trading';
import { CurrencyIcon } from '@web/components/currency-icon';
import { Button } from '@web/components/ui/button';
import { formatMoney } from '@web/lib/money';
import { relativeTime } from '@web/lib/relative-time';
import { cn } from '@web/lib/utils';
import { formatQuantity } from '../lib/trade-text';
import { OrderStatusBadge } from './order-status-badge';

/** "Limit $28,000.00" or "Market" (with the fill price once filled). */
function priceText(order: TradingOrder): string {
  if (order.price !== null) return `Limit ${formatMoney(order.price, 'USD')}`;
  return order.fillPrice ? `Market · filled at ${formatMoney(order.fillPrice, 'USD')}` : 'Market';
}

/** One order: side and asset, quantity, price, total, status and times; pending ones can be cancelled. */
export function OrderRow({
  order,
  onCancel,
}: {
  order: TradingOrder;
  onCancel: (order: TradingOrder) => void;
}) {
  const buy = order.type === 'buy';
  const filled = order.filledAt ? ` · Filled ${relativeTime(order.filledAt)}` : '';
  return (
    <li
      data-testid="order-row"
      className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border bg-background p-4"
    >
      <CurrencyIcon currency={order.asset} />
      <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
        <span className="flex flex-wrap items-center gap-2 font-semibold">
          <span className={cn(buy ? 'text-success' : 'text-destructive')}>{buy ? 'Buy' : 'Sell'}</span>
          <span className="tabular-nums">{formatQuantity(order.quantity, order.asset)}</span>
        </span>
        <span className="text-sm text-muted-foreground tabular-nums">{priceText(order)}</span>
        <span className="text-xs text-muted-foreground">
          Created {relativeTime(order.createdAt)}
          {filled}
        </span>
      </div>
      <div className="ml-auto grid justify-items-end gap-1">
        <span className="font-semibold tabular-nums" data-testid="order-total">
          {formatMoney(order.totalAmount, 'USD')}
        </span>
        <OrderStatusBadge status={order.status} />
      </div>
      {order.status === 'pending' && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => onCancel(order)}
          aria-label={`Cancel ${order.type} order of ${formatQuantity(order.quantity, order.asset)}`}
        >
          Cancel
        </Button>
      )}
    </li>
  );
}
