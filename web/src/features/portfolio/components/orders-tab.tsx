import { useState } from 'react';
import { ClipboardList } from 'lucide-react';
import type { TradingOrder } from '@contract/trading';
import { QueryContent } from '@web/components/query-content';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListSkeleton } from '@web/components/ui/skeleton';
import { useOrders } from '../api/get-orders';
import { CancelOrderDialog } from './cancel-order-dialog';
import { OrderRow } from './order-row';

/** Every order, newest first; a pending limit order can be cancelled after a confirmation. */
export function OrdersTab({ onNewTrade }: { onNewTrade: () => void }) {
  const orders = useOrders();
  const [cancelling, setCancelling] = useState<TradingOrder | null>(null);
  return (
    <>
      <QueryContent
        query={orders}
        loading={<ListSkeleton label="Loading orders" rows={3} />}
        empty={
          <EmptyState
            icon={ClipboardList}
            title="No orders yet"
            description="Market and limit orders you place are listed here with their status."
            action={
              <Button size="sm" onClick={onNewTrade}>
                Place your first order
              </Button>
            }
          />
        }
      >
        {(list) => (
          <ul aria-label="Orders" className="grid gap-3">
            {list.map((order) => (
              <OrderRow key={order.id} order={order} onCancel={setCancelling} />
            ))}
          </ul>
        )}
      </QueryContent>
      <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
