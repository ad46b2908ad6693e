import type { InvoiceStatus } from '@contract/invoices';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';

const labels: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partially_paid: 'Partly paid',
  paid: 'Paid',
  overdue: 'Overdue',
};
const variants = {
  draft: 'secondary',
  sent: 'outline',
  partially_paid: 'outline',
  paid: 'success',
  overdue: 'outline',
} as const;

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge
      variant={variants[status]}
      className={cn(status === 'overdue' && 'border-transparent bg-warning-soft text-warning')}
      data-testid="invoice-status"
    >
      {labels[status]}
    </Badge>
  );
}
