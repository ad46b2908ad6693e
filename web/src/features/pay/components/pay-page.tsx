import { useState } from 'react';
import { formatDay } from '@contract/dates';
import { CircleCheck, CreditCard, Download, FileX, Lock } from 'lucide-react';
import { kindOf } from '@contract/currencies';
import type { PublicInvoice } from '@contract/invoices';
import { BillTo, InvoiceTotals } from '@web/components/invoice-parts';
import { Alert, ErrorAlert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useConfirmKeyGuard } from '@web/lib/confirm-key-guard';
import { Card, CardContent } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { newIdempotencyKey } from '@web/lib/idempotency';
import { formatMoney } from '@web/lib/money';
import {
  publicInvoicePdfUrl,
  useCardCheckout,
  useCardQuote,
  usePayInvoice,
  usePublicInvoice,
} from '../api/public-invoice';

/** What the card processor's page sent the client back with: `?card=paid` or `?card=cancelled`. */
const cardReturn = () => new URLSearchParams(window.location.search).get('card');

/** The pay link's page (`/pay/{token}`): the invoice as its client sees it, and Pay. No account needed. */
export function PayPage({ token }: { token: string }) {
  const invoice = usePublicInvoice(token, cardReturn() === 'paid');
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
          <InvoiceTotals invoice={invoice} totalLabel="Total due" totalTestId="pay-total" />
          {invoice.notes && (
            <p className="text-sm whitespace-pre-line text-muted-foreground">{invoice.notes}</p>
          )}
        </div>

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
  // One key for this page: a retry after a lost answer is the same payment, never a second one.
  const [key] = useState(newIdempotencyKey);
  // A held Enter (from the link that opened this page, or a double press) must not pay.
  const guard = useConfirmKeyGuard();
  if (invoice.status === 'paid') {
    return (
      <Alert>
        <CircleCheck aria-hidden className="size-4 text-success" />
        <p>
          Paid{invoice.paidAt ? ` on ${formatDay(invoice.paidAt)}` : ''}. Thank you: {invoice.from.name} has
          received {formatMoney(invoice.totalAmount, invoice.currency)}.
        </p>
      </Alert>
    );
  }
  if (invoice.canPayByCard) return <CardPayAction token={token} invoice={invoice} />;
  if (!invoice.canPayOnline) {
    return (
      <Alert>
        <p>
          Online payment is not available for this invoice. Please pay as agreed with {invoice.from.name}.
        </p>
      </Alert>
    );
  }
  return (
    <div className="grid gap-3">
      {pay.isError && (
        <ErrorAlert>{friendlyErrorMessage(pay.error, 'The payment did not go through.')}</ErrorAlert>
      )}
      <Button size="lg" onClick={() => pay.mutate(key)} disabled={pay.isPending} {...guard}>
        {pay.isPending ? <Spinner /> : <Lock />}
        Pay {formatMoney(invoice.totalAmount, invoice.currency)}
      </Button>
      <p className="text-xs text-muted-foreground">
        Sandbox: simulated payment. No card or bank account is charged; the amount is credited to{' '}
        {invoice.from.name}&apos;s Meridian wallet.
      </p>
    </div>
  );
}

/** Pay by card: off to the card processor's secure page; back here once it is paid or cancelled. */
function CardPayAction({ token, invoice }: { token: string; invoice: PublicInvoice }) {
  const checkout = useCardCheckout(token);
  const crypto = kindOf(invoice.currency) === 'crypto';
  const returned = cardReturn();
  const quote = useCardQuote(token, crypto && returned !== 'paid');
  const [key] = useState(newIdempotencyKey);
  const guard = useConfirmKeyGuard();
  if (returned === 'paid') {
    return (
      <Alert role="status">
        <Spinner />
        <p>Your card payment went through. Confirming it with {invoice.from.name}&apos;s bank…</p>
      </Alert>
    );
  }
  // Leaving for the processor's page: the button stays busy until the browser goes.
  const leaving = checkout.isPending || checkout.isSuccess;
  const held = crypto ? quote.data : undefined;
  if (crypto && !held) {
    return quote.isError ? (
      <ErrorAlert>{friendlyErrorMessage(quote.error, 'The card price could not be found.')}</ErrorAlert>
    ) : (
      <Skeleton className="h-11" role="status" aria-label="Finding the card price" />
    );
  }
  const pay = () =>
    checkout.mutate(
      { idempotencyKey: key, ...(held && { quoteId: held.quoteId }) },
      {
        // The price's window closed before the click reached the server: show a fresh one to pay.
        onError: (error) => {
          if (error instanceof ApiError && error.body?.code === 'QUOTE_EXPIRED') void quote.refetch();
        },
      },
    );
  return (
    <div className="grid gap-3">
      {returned === 'cancelled' && (
        <Alert>
          <p>The card payment was cancelled. Nothing was charged.</p>
        </Alert>
      )}
      {checkout.isError && (
        <ErrorAlert>{friendlyErrorMessage(checkout.error, 'The card payment could not start.')}</ErrorAlert>
      )}
      <Button size="lg" onClick={pay} disabled={leaving} {...guard}>
        {leaving ? <Spinner /> : <CreditCard />}
        Pay{' '}
        {held
          ? formatMoney(held.amount, held.currency)
          : formatMoney(invoice.totalAmount, invoice.currency)}{' '}
        by card
      </Button>
      {held && (
        <p className="text-sm">
          {formatMoney(held.amount, held.currency)} pays {formatMoney(held.cryptoAmount, held.cryptoCurrency)}{' '}
          exactly: this price holds until {new Date(held.expiresAt).toLocaleTimeString()}, then a new one is
          shown.
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        You pay on Stripe&apos;s secure page and come back here. Meridian never sees your card number.
      </p>
    </div>
  );
}
