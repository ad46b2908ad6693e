import type { Invoice } from '@contract/invoices';
import { LoadError } from '@web/components/load-error';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { useInvoiceEmailPreview } from '../api/get-invoice-email-preview';

/**
 * Sending emails a client: it asks first, showing the very email they will get (the server renders it with
 * the template that sends it). A demo's invoices email nobody, and it says so.
 */
export function SendInvoiceDialog({
  invoice,
  open,
  onOpenChange,
  send,
}: {
  invoice: Invoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  send: () => Promise<unknown>;
}) {
  const preview = useInvoiceEmailPreview(invoice.id, open);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Send ${invoice.invoiceNumber}?`}
      description={
        preview.data && !preview.data.willEmail
          ? 'This is a demo: the invoice is marked sent and gets a pay link, but no email goes out.'
          : `${invoice.clientEmail} will get this email, with the invoice PDF attached.`
      }
      action="Send invoice"
      confirm={send}
    >
      {preview.isError ? (
        <LoadError error={preview.error} onRetry={() => void preview.refetch()} />
      ) : !preview.data ? (
        <Skeleton role="status" aria-label="Loading the email" className="h-48 rounded-lg" />
      ) : (
        <figure className="grid gap-2 rounded-lg border bg-muted/40 p-3 text-sm" aria-label="Email preview">
          <figcaption className="grid gap-0.5">
            <span className="text-xs text-muted-foreground">To: {preview.data.to}</span>
            <span className="font-medium break-words" data-testid="email-preview-subject">
              {preview.data.subject}
            </span>
          </figcaption>
          <pre
            className="font-sans text-xs whitespace-pre-wrap break-words text-muted-foreground"
            data-testid="email-preview-text"
          >
            {preview.data.text}
          </pre>
        </figure>
      )}
    </ConfirmDialog>
  );
}
