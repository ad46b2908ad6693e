import { CircleAlert, Clock, DollarSign, FileText } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { StatCard, StatEmpty } from '@web/components/ui/stat-card';

export function InvoicesPage() {
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Revenue" icon={DollarSign}>
          <StatEmpty>From paid invoices.</StatEmpty>
        </StatCard>
        <StatCard label="Pending" icon={Clock}>
          <StatEmpty>Sent and awaiting payment.</StatEmpty>
        </StatCard>
        <StatCard label="Overdue" icon={CircleAlert}>
          <StatEmpty>Past their due date.</StatEmpty>
        </StatCard>
        <StatCard label="Total Invoices" icon={FileText}>
          <StatEmpty>Every invoice you have created.</StatEmpty>
        </StatCard>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Recent Invoices</CardTitle>
          <CardDescription>Drafts, sent, paid and overdue invoices with their actions.</CardDescription>
        </CardHeader>
        <EmptyState
          icon={FileText}
          title="No invoices yet"
          description="Invoices you create are listed here with their status."
        />
      </Card>
    </div>
  );
}
