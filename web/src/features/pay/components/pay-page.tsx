import { useState, type FormEvent } from 'react';
import { formatDay } from '@contract/dates';
import { CircleCheck, Download, FileX, Lock } from 'lucide-react';
import type { PublicInvoice } from '@contract/invoices';
import { BillTo, InvoiceBalanceBlock, InvoiceTotals } from '@web/components/invoice-parts';
import { Alert, ErrorAlert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useConfirmKeyGuard } from '@web/lib/confirm-key-guard';
import { Card, CardContent } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { newIdempotencyKey } from '@web/lib/idempotency';
import { paymentInputProblem } from '@web/lib/invoice-terms';
import { cleanAmountInput, formatMoney } from '@web/lib/money';
import { publicInvoicePdfUrl, usePayInvoice, usePublicInvoice } from '../api/public-invoice';

/** The pay link's page (`/pay/{token}`): the invoice as its client sees it, and Pay. No account needed. */
export function PayPage({ token }: { token: string }) {
  const invoice = usePublicInvoice(token);
  if (invoice.isPending) {
    return (
      <Card role="status" aria-label="Loading invoice">
        <CardContent className="grid gap-4 p-6">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-24" />
          <Skeleton className="h-10" />
        </CardContent>
      </Card>
    );
  }
  if (invoice.isError) {
    const missing = invoice.error instanceof ApiError && [400, 404].includes(invoice.error.status);
    return (
      <Card>
        <EmptyState
          icon={FileX}
          title={missing ? 'This payment link is not valid' : 'The invoice could not be loaded'}
          description={
            missing
              ? 'Check that you opened the whole link from the email, or ask the sender for a new one.'
              : friendlyErrorMessage(invoice.error)
          }
          action={!missing && <Button onClick={() => void invoice.refetch()}>Try again</Button>}
        />
      </Card>
    );
  }
  return <PublicInvoiceView token={token} invoice={invoice.data} />;
}

function PublicInvoiceView({ token, invoice }: { token: string; invoice: PublicInvoice }) {
  const money = (amount: string) => formatMoney(amount, invoice.currency);
  return (
    <Card>
      <CardContent className="grid gap-6 p-6">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-xl font-semibold tracking-tight">Invoice {invoice.invoiceNumber}</h1>
            <p className="text-sm text-muted-foreground">
              From {invoice.from.name} ({invoice.from.email})
            </p>
          </div>
          {invoice.status === 'paid' ? (
            <Badge variant="success">Paid</Badge>
          ) : invoice.status === 'partially_paid' ? (
            <Badge variant="outline">Partly paid · due {formatDay(invoice.dueDate)}</Badge>
          ) : invoice.status === 'overdue' ? (
            <Badge variant="outline" className="border-transparent bg-warning-soft text-warning">
              Overdue
            </Badge>
          ) : (
            <Badge variant="outline">Due {formatDay(invoice.dueDate)}</Badge>
          )}
        </header>

        <BillTo invoice={invoice} />

        <div className="grid gap-2">
          <h2 className="font-medium">{invoice.projectTitle}</h2>
          {invoice.description && <p className="text-sm text-muted-foreground">{invoice.description}</p>}
          <ul className="divide-y text-sm" aria-label="Invoice lines">
            {invoice.items.map((item, index) => (
              <li key={index} className="flex justify-between gap-4 py-2">
                <span>
                  {item.description}
                  <span className="text-muted-foreground">
                    {' '}
                    · {item.quantity} × {money(item.unitPrice)}
                  </span>
                </span>
                <span className="tabular-nums">{money(item.amount)}</span>
              </li>
            ))}
          </ul>
          <InvoiceTotals invoice={invoice} totalLabel="Total" totalTestId="pay-total" />
          {invoice.notes && (
            <p className="text-sm whitespace-pre-line text-muted-foreground">{invoice.notes}</p>
          )}
        </div>

        <InvoiceBalanceBlock currency={invoice.currency} balance={invoice.balance} />

        <PayAction token={token} invoice={invoice} />

        <Button variant="outline" asChild className="justify-self-start">
          <a href={publicInvoicePdfUrl(token)} target="_blank" rel="noreferrer">
            <Download /> Download PDF
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

function PayAction({ token, invoice }: { token: string; invoice: PublicInvoice }) {
  const pay = usePayInvoice(token);
  // One key per payment: a retry after a lost answer is the same payment, never a second one; a new key
  // once it has gone through, for the next part.
  const [key, setKey] = useState(newIdempotencyKey);
  const { balance } = invoice;
  const [amount, setAmount] = useState(balance.dueNow);
  const [shownFor, setShownFor] = useState(balance.dueNow);
  // After a payment, what is due now changes: the field follows.
  if (shownFor !== balance.dueNow) {
    setShownFor(balance.dueNow);
    setAmount(balance.dueNow);
  }
  // A held Enter (from the link that opened this page, or a double press) must not pay.
  const guard = useConfirmKeyGuard();
  const money = (value: string) => formatMoney(value, invoice.currency);
  if (invoice.status === 'paid') {
    return (
      <Alert>
        <CircleCheck aria-hidden className="size-4 text-success" />
        <p>
          Paid{invoice.paidAt ? ` on ${formatDay(invoice.paidAt)}` : ''}. Thank you: {invoice.from.name} has
          received {money(invoice.totalAmount)}.
        </p>
      </Alert>
    );
  }
  if (!invoice.canPayOnline) {
    return (
      <Alert>
        <p>
          Online payment is not available for this invoice. Please pay as agreed with {invoice.from.name}.
        </p>
      </Alert>
    );
  }
  const problem = paymentInputProblem(amount, invoice);
  const depositFirst = /[1-9]/.test(balance.depositDue);
  const hint =
    balance.leastNow === balance.outstandingAmount
      ? `The whole ${money(balance.outstandingAmount)} is left to pay.`
      : `Any amount from ${money(balance.leastNow)} to ${money(balance.outstandingAmount)}.`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    pay.mutate({ key, amount: amount.trim() }, { onSuccess: () => setKey(newIdempotencyKey()) });
  };
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label="Pay this invoice">
      {pay.isError && (
        <ErrorAlert>{friendlyErrorMessage(pay.error, 'The payment did not go through.')}</ErrorAlert>
      )}
      {depositFirst && (
        <p className="text-sm" data-testid="deposit-first">
          A deposit of {money(balance.depositDue)} is due first; you can pay more, up to the whole balance.
        </p>
      )}
      <FormField
        id="pay-amount"
        label={`Amount to pay (${invoice.currency})`}
        hint={hint}
        error={problem && amount.trim() ? problem : undefined}
      >
        <Input
          id="pay-amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(cleanAmountInput(event.target.value))}
          aria-invalid={problem && amount.trim() ? true : undefined}
          aria-describedby={describedBy('pay-amount', {
            hint,
            error: problem && amount.trim() ? problem : undefined,
          })}
        />
      </FormField>
      <Button size="lg" type="submit" disabled={pay.isPending || problem !== null} {...guard}>
        {pay.isPending ? <Spinner /> : <Lock />}
        Pay {problem ? '' : money(amount.trim())}
      </Button>
      <p className="text-xs text-muted-foreground">
        Sandbox: this payment is simulated. No card or bank account is charged; the amount is credited to{' '}
        {invoice.from.name}&apos;s Meridian wallet.
      </p>
    </form>
  );
}
