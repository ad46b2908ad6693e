import { Mail, RotateCw } from 'lucide-react';
import type { Invoice } from '@contract/invoices';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useResendInvoiceEmail } from '../api/resend-invoice-email';
import { emailStatusText } from '../lib/email-status';

/**
 * Where the invoice's email stands, in a sentence. One that could not be delivered stands out, and its owner
 * may send it again (an accountant reading the books only sees it).
 */
export function InvoiceEmailStatus({
  invoice,
  formatTime,
  readOnly,
}: {
  invoice: Invoice;
  formatTime: (iso: string) => string;
  readOnly: boolean;
}) {
  const resend = useResendInvoiceEmail();
  const text = emailStatusText(invoice, formatTime);
  if (!text) return null;
  const { email } = invoice;
  if (email?.status !== 'failed') {
    return (
      <p
        className="flex gap-2 rounded-lg bg-muted p-3 text-xs text-muted-foreground"
        data-testid="invoice-email"
      >
        <Mail aria-hidden className="mt-0.5 size-4 shrink-0" />
        {text}
      </p>
    );
  }
  const sendAgain = () =>
    resend.mutate(invoice.id, {
      onSuccess: () =>
        toast({
          title: 'Email Queued',
          description: `${invoice.invoiceNumber} will be emailed to ${email.to} again.`,
        }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Send Failed', description: friendlyErrorMessage(error) }),
    });
  return (
    <Alert variant="destructive" className="flex-wrap text-xs">
      <Mail aria-hidden />
      <p className="min-w-0 flex-1 basis-48" data-testid="invoice-email">
        {text}
      </p>
      {!readOnly && (
        <Button size="sm" variant="outline" onClick={sendAgain} disabled={resend.isPending}>
          {resend.isPending ? <Spinner /> : <RotateCw />} Send again
        </Button>
      )}
    </Alert>
  );
}
