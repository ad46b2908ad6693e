import { useState } from 'react';
import { Download, Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { Invoice } from '@contract/invoices';
import { Button } from '@web/components/ui/button';
import { useReadingBooks } from '@web/lib/open-books';
import { useLinkedInvoice } from '../api/get-invoice';
import { CreateInvoiceDialog } from './create-invoice-dialog';
import { InvoiceDetailDialog } from './invoice-detail-dialog';
import { InvoiceList, invoiceQueryOf, type InvoiceFilterState } from './invoice-list';
import { InvoiceSummaryCards } from './invoice-summary-cards';
import { RecurringInvoices } from './recurring-invoices';

/** Invoices & Billing: the four cards, Recent Invoices with search and actions, Create Invoice, and the detail. */
export function InvoicesPage() {
  const readOnly = useReadingBooks();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Invoice | null>(null);
  const [editing, setEditing] = useState<Invoice | null>(null);
  // The client filter lives in the address (?client=), so the Clients screen can link to a client's invoices.
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState<Omit<InvoiceFilterState, 'clientId'>>({ q: '', status: '' });
  const filter: InvoiceFilterState = { ...search, clientId: params.get('client') ?? '' };
  const setFilter = ({ clientId, ...rest }: InvoiceFilterState) => {
    setSearch(rest);
    if (clientId !== filter.clientId) {
      setParams(clientId ? { client: clientId } : {}, { replace: true });
    }
  };
  // ?invoice= opens one invoice's detail: other screens (the dashboard's forecast) link to it that way.
  const linkedId = params.get('invoice');
  const linked = useLinkedInvoice(linkedId);
  const shown = open ?? (linkedId ? (linked.data ?? null) : null);
  const closeDetail = () => {
    setOpen(null);
    if (linkedId) {
      const rest = new URLSearchParams(params);
      rest.delete('invoice');
      setParams(rest, { replace: true });
    }
  };
  const exportUrl = `/api/invoices/export.csv?${new URLSearchParams(invoiceQueryOf(filter))}`;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Bill clients in USD, EUR, GBP, BTC or ETH and get paid straight into the matching wallet.
        </p>
        <div className="flex gap-2">
          <Button variant="outline" asChild>
            <a href={exportUrl} download>
              <Download /> Export CSV
            </a>
          </Button>
          {!readOnly && (
            <Button onClick={() => setCreating(true)}>
              <Plus /> Create Invoice
            </Button>
          )}
        </div>
      </div>
      <InvoiceSummaryCards />
      <InvoiceList onOpen={setOpen} filterState={filter} onFilterChange={setFilter} />
      {/* An accountant reads invoices issued; schedules are how the owner runs the business. */}
      {!readOnly && <RecurringInvoices />}
      <CreateInvoiceDialog open={creating} onOpenChange={setCreating} />
      <InvoiceDetailDialog
        invoice={shown}
        onClose={closeDetail}
        onEdit={(draft) => {
          closeDetail();
          setEditing(draft);
        }}
      />
      <CreateInvoiceDialog
        open={editing !== null}
        onOpenChange={(stayOpen) => !stayOpen && setEditing(null)}
        editing={editing}
      />
    </div>
  );
}
