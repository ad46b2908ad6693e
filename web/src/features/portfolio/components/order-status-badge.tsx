import type { OrderStatus } from '@contract/trading';
import { Badge } from '@web/components/ui/badge';

const labels: Record<OrderStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
const variants = { pending: 'outline', completed: 'success', cancelled: 'secondary' } as const;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge variant={variants[status]} data-testid="order-status">
      {labels[status]}
    </Badge>
  );
}
