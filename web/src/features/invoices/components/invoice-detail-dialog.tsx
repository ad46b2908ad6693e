import { useState } from 'react';
import { formatDay } from '@contract/dates';
import { CheckCircle2, Copy, Download, HandCoins, Pencil, Send, Trash2 } from 'lucide-react';
import { invoiceLanguageNames, type Invoice } from '@contract/invoices';
import { BillTo, InvoiceBalanceBlock, InvoiceTotals } from '@web/components/invoice-parts';
import { Button } from '@web/components/ui/button';
import { useReadingBooks } from '@web/lib/open-books';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { useCopyToClipboard } from '@web/hooks/use-copy-to-clipboard';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { useDeleteInvoice } from '../api/delete-invoice';
import { invoicePdfUrl, useInvoice } from '../api/get-invoice';
import { useSetInvoiceStatus } from '../api/set-invoice-status';
import { HomeCurrencyStamp } from './home-currency-stamp';
import { InvoiceEmailStatus } from './invoice-email-status';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { RecordPaymentDialog } from './record-payment-dialog';
import { SendInvoiceDialog } from './send-invoice-dialog';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One invoice whole: client, lines, totals, home-currency stamp, pay link, email status and its actions. */
export function InvoiceDetailDialog({
  invoice,
  onClose,
  onEdit,
}: {
  invoice: Invoice | null;
  onClose: () => void;
  onEdit: (draft: Invoice) => void;
}) {
  return (
    <Dialog open={invoice !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {invoice && <Detail picked={invoice} onClose={onClose} onEdit={onEdit} />}
      </DialogContent>
    </Dialog>
  );
}

interface DetailProps {
  picked: Invoice;
  onClose: () => void;
  onEdit: (draft: Invoice) => void;
}

function Detail({ picked, onClose, onEdit }: DetailProps) {
  const { data: invoice } = useInvoice(picked);
  const setStatus = useSetInvoiceStatus();
  const remove = useDeleteInvoice();
  const [asking, setAsking] = useState<'delete' | 'send' | 'record' | null>(null);
  // An accountant reading the books sees the invoice and its PDF, not the owner's actions on it.
  const readOnly = useReadingBooks();
  const askingTo = (what: 'delete' | 'send' | 'record') => (open: boolean) => setAsking(open ? what : null);
  const money = (amount: string) => formatMoney(amount, invoice.currency);
  const open =
    invoice.status === 'sent' || invoice.status === 'partially_paid' || invoice.status === 'overdue';

  const markPaid = () =>
    setStatus.mutate(
      { id: invoice.id, status: 'paid' },
      {
        onSuccess: (updated) =>
          toast({ title: 'Status Updated', description: `${updated.invoiceNumber} is marked as paid.` }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Update Failed', description: friendlyErrorMessage(error) }),
      },
    );
  // Asked first (ConfirmDialog), which shows a failure itself.
  const deleteDraft = async () => {
    await remove.mutateAsync(invoice.id);
    toast({ title: 'Invoice Deleted', description: `${invoice.invoiceNumber} was deleted.` });
    onClose();
  };
  const sendDraft = async () => {
    const sent = await setStatus.mutateAsync({ id: invoice.id, status: 'sent' });
    toast({ title: 'Status Updated', description: `${sent.invoiceNumber} was sent to ${sent.clientEmail}.` });
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex flex-wrap items-center gap-2">
          {invoice.invoiceNumber} <InvoiceStatusBadge status={invoice.status} />
        </DialogTitle>
        <DialogDescription>
          {invoice.projectTitle} for {invoice.clientName}
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-4 text-sm sm:grid-cols-2">
        <BillTo invoice={invoice} />
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-3 gap-y-1">
          <dt className="text-muted-foreground">Issued</dt>
          <dd>{formatDay(invoice.issueDate, 'short')}</dd>
          <dt className="text-muted-foreground">Due</dt>
          <dd>{formatDay(invoice.dueDate, 'short')}</dd>
          <dt className="text-muted-foreground">Language</dt>
          <dd data-testid="invoice-language">{invoiceLanguageNames[invoice.language]}</dd>
          {invoice.paidAt && (
            <>
              <dt className="text-muted-foreground">Paid</dt>
              <dd>
                {dateTime(invoice.paidAt)}{' '}
                {invoice.paidVia === 'manual'
                  ? '(marked by hand)'
                  : invoice.paidVia === 'card'
                    ? '(card)'
                    : '(pay link)'}
              </dd>
            </>
          )}
        </dl>
      </div>

      {invoice.description && (
        <p className="text-sm whitespace-pre-line break-words" data-testid="invoice-description">
          {invoice.description}
        </p>
      )}

      <table className="w-full text-sm">
        <caption className="sr-only">Invoice lines</caption>
        <thead>
          <tr className="border-b text-xs text-muted-foreground">
            <th scope="col" className="py-2 text-left font-medium">
              Description
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Qty
            </th>
            <th scope="col" className="py-2 text-right font-medium max-sm:hidden">
              Unit price
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {invoice.items.map((item) => (
            <tr key={item.id} className="border-b">
              <td className="py-2 pr-2">{item.description}</td>
              <td className="py-2 text-right">{item.quantity}</td>
              <td className="py-2 text-right max-sm:hidden">{money(item.unitPrice)}</td>
              <td className="py-2 text-right">{money(item.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <InvoiceTotals invoice={invoice} totalLabel="Total" totalTestId="invoice-total" />
      {invoice.notes && (
        <section aria-labelledby="invoice-notes-heading" className="grid gap-1 text-sm">
          <h3
            id="invoice-notes-heading"
            className="text-xs font-medium tracking-wide text-muted-foreground uppercase"
          >
            Notes
          </h3>
          <p className="whitespace-pre-line break-words" data-testid="invoice-notes">
            {invoice.notes}
          </p>
        </section>
      )}

      {invoice.status !== 'draft' && (
        <InvoiceBalanceBlock currency={invoice.currency} balance={invoice.balance} />
      )}
      {invoice.status !== 'draft' && <HomeCurrencyStamp invoice={invoice} />}
      {invoice.payUrl && <PayLink url={invoice.payUrl} />}
      <InvoiceEmailStatus invoice={invoice} formatTime={dateTime} readOnly={readOnly} />

      <div className="flex flex-wrap justify-end gap-2">
        {!readOnly && invoice.canDelete && (
          <Button variant="ghost" onClick={() => setAsking('delete')} disabled={remove.isPending}>
            {remove.isPending ? <Spinner /> : <Trash2 />} Delete draft
          </Button>
        )}
        <Button variant="outline" asChild>
          <a href={invoicePdfUrl(invoice.id)} target="_blank" rel="noreferrer">
            <Download /> PDF
          </a>
        </Button>
        {!readOnly && invoice.status === 'draft' && (
          <Button variant="outline" onClick={() => onEdit(invoice)}>
            <Pencil /> Edit
          </Button>
        )}
        {!readOnly && invoice.status === 'draft' && (
          <Button onClick={() => setAsking('send')} disabled={setStatus.isPending}>
            {setStatus.isPending ? <Spinner /> : <Send />} Send to client
          </Button>
        )}
        {!readOnly && open && (
          <Button variant="outline" onClick={() => setAsking('record')}>
            <HandCoins /> Record payment
          </Button>
        )}
        {!readOnly && open && (
          <Button variant="success" onClick={markPaid} disabled={setStatus.isPending}>
            {setStatus.isPending ? <Spinner /> : <CheckCircle2 />} Mark paid
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={askingTo('delete')}
        title={`Delete ${invoice.invoiceNumber}?`}
        description="The draft will be gone for good."
        action="Delete draft"
        destructive
        confirm={deleteDraft}
      />
      <RecordPaymentDialog invoice={invoice} open={asking === 'record'} onOpenChange={askingTo('record')} />
      <SendInvoiceDialog
        invoice={invoice}
        open={asking === 'send'}
        onOpenChange={askingTo('send')}
        send={sendDraft}
      />
    </>
  );
}

function PayLink({ url }: { url: string }) {
  const { copied, copy: copyText } = useCopyToClipboard();
  const copy = () => copyText(url, 'the link');
  return (
    <div className="grid gap-2">
      <label htmlFor="invoice-pay-link" className="text-xs font-medium text-muted-foreground uppercase">
        Pay link for your client
      </label>
      <div className="flex gap-2">
        <Input id="invoice-pay-link" readOnly value={url} onFocus={(event) => event.target.select()} />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy /> {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
