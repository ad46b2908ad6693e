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
import { useClients } from '@web/lib/clients';
import { formatMoney } from '@web/lib/money';
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
  /** A saved client's id, or '' for every client. */
  clientId: string;
}

/** The filter as the API takes it (GET /api/invoices and its export.csv). */
export const invoiceQueryOf = ({ q, status, clientId }: InvoiceFilterState) => ({
  ...(status && { status }),
  ...(q.trim() && { q: q.trim() }),
  ...(clientId && { clientId }),
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
  const { q, status, clientId } = filterState;
  const setQ = (next: string) => onFilterChange({ ...filterState, q: next });
  const setStatus = (next: InvoiceStatus | '') => onFilterChange({ ...filterState, status: next });
  const setClientId = (next: string) => onFilterChange({ ...filterState, clientId: next });
  const filter = invoiceQueryOf(filterState);
  const invoices = useInvoices(filter);
  const clients = useClients();
  // The client filter appears once there are clients to pick (or one is picked, from the Clients screen).
  const clientOptions = clients.data ?? [];
  const showClientFilter = clientOptions.length > 0 || clientId !== '';
  const pickedClient = clientOptions.find((client) => client.id === clientId);
  const setInvoiceStatus = useSetInvoiceStatus();
  const filtered = Boolean(filter.q || filter.status || filter.clientId);
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
        <div
          className={
            showClientFilter
              ? 'grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_12rem_12rem]'
              : 'grid gap-3 sm:grid-cols-[1fr_12rem]'
          }
        >
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
          {showClientFilter && (
            <NativeSelect
              aria-label="Filter by client"
              value={clientId}
              onChange={(event) => setClientId(event.target.value)}
            >
              <option value="">All clients</option>
              {clientId !== '' && !clientOptions.some((client) => client.id === clientId) && (
                <option value={clientId}>{clients.data ? 'A deleted client' : 'Loading clients…'}</option>
              )}
              {clientOptions.map((client) => (
                <option key={client.id} value={client.id}>
                  {client.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </div>
        {pickedClient && (
          <p className="text-sm text-muted-foreground" data-testid="client-owes">
            {pickedClient.owed.length === 0
              ? `${pickedClient.name} owes nothing.`
              : `${pickedClient.name} owes ${pickedClient.owed
                  .map(({ amount, currency }) => formatMoney(amount, currency))
                  .join(' and ')} across ${pickedClient.openInvoices} unpaid invoice${
                  pickedClient.openInvoices === 1 ? '' : 's'
                }.`}
          </p>
        )}
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
                ? 'Try another search, status or client.'
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
