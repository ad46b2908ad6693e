import { useState, type FormEvent } from 'react';
import type { Invoice } from '@contract/invoices';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { newIdempotencyKey } from '@web/lib/idempotency';
import { paymentInputProblem } from '@web/lib/invoice-terms';
import { cleanAmountInput, formatMoney } from '@web/lib/money';
import { useRecordInvoicePayment } from '../api/record-invoice-payment';

/**
 * Record payment: money the client paid some other way (a bank transfer, cash), part or all of what is
 * outstanding, checked by the same rule the server applies. On a sandbox the amount is credited to the
 * wallet, as a pay-link payment would be; on a real server it is recorded without moving money.
 */
export function RecordPaymentDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice: Invoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Record a payment</DialogTitle>
          <DialogDescription>
            {invoice.clientName} paid part or all of {invoice.invoiceNumber} some other way.{' '}
            {formatMoney(invoice.balance.outstandingAmount, invoice.currency)} is outstanding.
          </DialogDescription>
        </DialogHeader>
        {open && <RecordPaymentForm invoice={invoice} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function RecordPaymentForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const record = useRecordInvoicePayment();
  // One key per opening: a retry after a lost answer is the same payment, never a second one.
  const [key] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState(invoice.balance.outstandingAmount);
  const [submitted, setSubmitted] = useState(false);
  const problem = paymentInputProblem(amount, invoice);
  const error = submitted ? (problem ?? undefined) : undefined;
  const hint = `From ${formatMoney(invoice.balance.leastNow, invoice.currency)} to ${formatMoney(invoice.balance.outstandingAmount, invoice.currency)}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem) return;
    record.mutate(
      { id: invoice.id, amount: amount.trim(), key },
      {
        onSuccess: (updated) => {
          toast({
            title: 'Payment Recorded',
            description:
              updated.status === 'paid'
                ? `${updated.invoiceNumber} is paid in full.`
                : `${formatMoney(updated.balance.outstandingAmount, updated.currency)} is still outstanding on ${updated.invoiceNumber}.`,
          });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Record a payment">
      {record.isError && (
        <ErrorAlert>{friendlyErrorMessage(record.error, 'The payment was not recorded.')}</ErrorAlert>
      )}
      <FormField id="record-amount" label={`Amount received (${invoice.currency})`} hint={hint} error={error}>
        <Input
          id="record-amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(cleanAmountInput(event.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy('record-amount', { hint, error })}
        />
      </FormField>
      <Button type="submit" disabled={record.isPending}>
        {record.isPending && <Spinner />}
        Record payment
      </Button>
    </form>
  );
}
