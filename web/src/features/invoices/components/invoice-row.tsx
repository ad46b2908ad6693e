import { CheckCircle2, Send } from 'lucide-react';
import { formatDay } from '@contract/dates';
import type { Invoice } from '@contract/invoices';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { formatMoney } from '@web/lib/money';
import { InvoiceStatusBadge } from './invoice-status-badge';

/** One invoice in Recent Invoices: who, what, when due, how much, where it stands, and its next action. */
export function InvoiceRow({
  invoice,
  busy,
  onOpen,
  onSend,
  onMarkPaid,
}: {
  invoice: Invoice;
  busy: boolean;
  onOpen: () => void;
  onSend: () => void;
  onMarkPaid: () => void;
}) {
  return (
    <li
      className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 py-3 sm:grid-cols-[1fr_7rem_8rem_6rem_auto]"
      data-testid="invoice-row"
    >
      <button
        type="button"
        onClick={onOpen}
        className="min-w-0 rounded-md text-left outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="block truncate text-sm font-medium">
          {invoice.invoiceNumber} · {invoice.clientName}
        </span>
        <span className="block truncate text-xs text-muted-foreground">{invoice.projectTitle}</span>
      </button>
      <span className="text-xs text-muted-foreground max-sm:hidden">
        Due {formatDay(invoice.dueDate, 'short')}
      </span>
      <span className="text-right text-sm font-semibold tabular-nums">
        {formatMoney(invoice.totalAmount, invoice.currency)}
        {/[1-9]/.test(invoice.balance.paidAmount) && invoice.status !== 'paid' && (
          <span className="block text-xs font-normal text-muted-foreground">
            {formatMoney(invoice.balance.outstandingAmount, invoice.currency)} left
          </span>
        )}
      </span>
      <span className="max-sm:order-first max-sm:col-span-2 sm:justify-self-center">
        <InvoiceStatusBadge status={invoice.status} />
      </span>
      <span className="flex justify-end gap-2 max-sm:col-span-2">
        {invoice.status === 'draft' && (
          <Button size="sm" onClick={onSend} disabled={busy} aria-label={`Send ${invoice.invoiceNumber}`}>
            {busy ? <Spinner /> : <Send />} Send
          </Button>
        )}
        {(invoice.status === 'sent' ||
          invoice.status === 'partially_paid' ||
          invoice.status === 'overdue') && (
          <Button
            size="sm"
            variant="success"
            onClick={onMarkPaid}
            disabled={busy}
            aria-label={`Mark ${invoice.invoiceNumber} paid`}
          >
            {busy ? <Spinner /> : <CheckCircle2 />} Mark paid
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onOpen} aria-label={`View ${invoice.invoiceNumber}`}>
          View
        </Button>
      </span>
    </li>
  );
}
