import { useState } from 'react';
import { FileText, Search } from 'lucide-react';
import { invoiceStatuses, type Invoice, type InvoiceStatus } from '@contract/invoices';
import { LoadError } from '@web/components/load-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useInvoices } from '../api/get-invoices';
import { useSetInvoiceStatus } from '../api/set-invoice-status';
import { InvoiceRow } from './invoice-row';
import { SendInvoiceDialog } from './send-invoice-dialog';

const statusLabels: Record<InvoiceStatus, string> = {
  draft: 'Drafts',
  sent: 'Sent',
  partially_paid: 'Partly paid',
  paid: 'Paid',
  overdue: 'Overdue',
};

/** What the list is narrowed to; the page keeps it, so the CSV export follows the same filter. */
export interface InvoiceFilterState {
  q: string;
  status: InvoiceStatus | '';
}

/** The filter as the API takes it (GET /api/invoices and its export.csv). */
export const invoiceQueryOf = ({ q, status }: InvoiceFilterState) => ({
  ...(status && { status }),
  ...(q.trim() && { q: q.trim() }),
});

/** Recent Invoices: search, a status filter, and each invoice with its next action. */
export function InvoiceList({
  onOpen,
  filterState,
  onFilterChange,
}: {
  onOpen: (invoice: Invoice) => void;
  filterState: InvoiceFilterState;
  onFilterChange: (next: InvoiceFilterState) => void;
}) {
  const { q, status } = filterState;
  const setQ = (next: string) => onFilterChange({ ...filterState, q: next });
  const setStatus = (next: InvoiceStatus | '') => onFilterChange({ ...filterState, status: next });
  const filter = invoiceQueryOf(filterState);
  const invoices = useInvoices(filter);
  const setInvoiceStatus = useSetInvoiceStatus();
  const filtered = Boolean(filter.q || filter.status);
  // Sending emails the client: it asks first, with the email shown.
  const [sending, setSending] = useState<Invoice | null>(null);
  const send = async (invoice: Invoice) => {
    const sent = await setInvoiceStatus.mutateAsync({ id: invoice.id, status: 'sent' });
    toast({ title: 'Status Updated', description: `${sent.invoiceNumber} was sent to ${sent.clientEmail}.` });
  };

  const markPaid = (invoice: Invoice) =>
    setInvoiceStatus.mutate(
      { id: invoice.id, status: 'paid' },
      {
        onSuccess: (updated) =>
          toast({ title: 'Status Updated', description: `${updated.invoiceNumber} is marked as paid.` }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Update Failed', description: friendlyErrorMessage(error) }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Invoices</CardTitle>
        <CardDescription>Send a draft to its client, or mark a sent invoice paid.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
          <div className="relative">
            <Search aria-hidden className="absolute top-3 left-3 size-4 text-muted-foreground" />
            <Input
              type="search"
              aria-label="Search invoices"
              placeholder="Search by number, client or project"
              className="pl-9"
              value={q}
              onChange={(event) => setQ(event.target.value)}
            />
          </div>
          <NativeSelect
            aria-label="Filter by status"
            value={status}
            onChange={(event) => setStatus(event.target.value as InvoiceStatus | '')}
          >
            <option value="">All statuses</option>
            {invoiceStatuses.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {invoices.isError ? (
          <LoadError error={invoices.error} onRetry={() => void invoices.refetch()} />
        ) : !invoices.data ? (
          <div role="status" aria-label="Loading invoices" className="grid gap-3">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-12 rounded-lg" />
            ))}
          </div>
        ) : invoices.data.length === 0 ? (
          <EmptyState
            icon={FileText}
            title={filtered ? 'No invoices match' : 'No invoices yet'}
            description={
              filtered
                ? 'Try another search or status.'
                : 'Create an invoice, send it to your client, and get paid straight into a wallet.'
            }
          />
        ) : (
          <ul className="divide-y" aria-label="Invoices">
            {invoices.data.map((invoice) => (
              <InvoiceRow
                key={invoice.id}
                invoice={invoice}
                busy={setInvoiceStatus.isPending && setInvoiceStatus.variables?.id === invoice.id}
                onOpen={() => onOpen(invoice)}
                onSend={() => setSending(invoice)}
                onMarkPaid={() => markPaid(invoice)}
              />
            ))}
          </ul>
        )}
        {sending && (
          <SendInvoiceDialog
            invoice={sending}
            open
            onOpenChange={(open) => !open && setSending(null)}
            send={() => send(sending)}
          />
        )}
      </CardContent>
    </Card>
  );
}
