import { CircleAlert, Clock, DollarSign, FileText } from 'lucide-react';
import type { InvoiceSummary } from '@contract/invoices';
import { LoadError } from '@web/components/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { StatCard } from '@web/components/ui/stat-card';
import { formatMoney } from '@web/lib/money';
import { useInvoiceSummary } from '../api/get-invoice-summary';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Total Revenue (paid), Pending (sent), Overdue and Total Invoices, in the home currency. */
export function InvoiceSummaryCards() {
  const summary = useInvoiceSummary();
  if (summary.isPending) {
    return (
      <div
        role="status"
        aria-label="Loading invoice totals"
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
      >
        {[0, 1, 2, 3].map((index) => (
          <div key={index} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-8 w-32" />
          </div>
        ))}
      </div>
    );
  }
  if (summary.isError) return <LoadError error={summary.error} onRetry={() => void summary.refetch()} />;
  return <Cards summary={summary.data} />;
}

function Cards({ summary }: { summary: InvoiceSummary }) {
  const { counts, currency } = summary;
  const figure = (amount: string, testId: string) => (
    <p className="text-2xl font-semibold tracking-tight tabular-nums" data-testid={testId}>
      {formatMoney(amount, currency)}
    </p>
  );
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard label="Total Revenue" icon={DollarSign}>
        <div>
          {figure(summary.totalRevenue, 'invoices-revenue')}
          <p className="mt-1 text-xs text-muted-foreground">
            From {plural(counts.paid, 'paid invoice')}
            {counts.partially_paid > 0 && ` and ${counts.partially_paid} partly paid`}
          </p>
        </div>
      </StatCard>
      <StatCard label="Pending" icon={Clock}>
        <div>
          {figure(summary.pending, 'invoices-pending')}
          <p className="mt-1 text-xs text-muted-foreground">
            {plural(counts.sent + counts.partially_paid, 'invoice')} awaiting payment
          </p>
        </div>
      </StatCard>
      <StatCard label="Overdue" icon={CircleAlert}>
        <div>
          {figure(summary.overdue, 'invoices-overdue')}
          <p className="mt-1 text-xs text-muted-foreground">{plural(counts.overdue, 'invoice')} past due</p>
        </div>
      </StatCard>
      <StatCard label="Total Invoices" icon={FileText}>
        <div>
          <p className="text-2xl font-semibold tracking-tight tabular-nums" data-testid="invoices-count">
            {counts.total}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            {counts.draft} draft{counts.draft === 1 ? '' : 's'} · amounts in {currency}, your home currency
          </p>
        </div>
      </StatCard>
    </div>
  );
}
