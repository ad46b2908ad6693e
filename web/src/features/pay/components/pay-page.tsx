import { useState, type FormEvent } from 'react';
import { CircleCheck, Download, FileX, Lock } from 'lucide-react';
import { translatorFor, type Translator } from '@contract/i18n';
import type { PublicInvoice } from '@contract/invoices';
import { BillTo, InvoiceBalanceBlock, InvoiceTotals, type BalanceWords } from '@web/components/invoice-parts';
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
import { cleanAmountInput } from '@web/lib/money';
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

/**
 * The invoice in its client's language (the invoice's `language`: contract/src/locales), with amounts and
 * dates in that locale. The loading and error states above come before the invoice, so they stay English.
 */
function PublicInvoiceView({ token, invoice }: { token: string; invoice: PublicInvoice }) {
  const words = translatorFor(invoice.language);
  const { t, day } = words;
  const money = (amount: string) => words.amount(amount, invoice.currency);
  return (
    <Card lang={invoice.language}>
      <CardContent className="grid gap-6 p-6">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-xl font-semibold tracking-tight">
              {t('invoice.heading', { number: invoice.invoiceNumber })}
            </h1>
            <p className="text-sm text-muted-foreground">
              {t('pay.from', { name: invoice.from.name, email: invoice.from.email })}
            </p>
          </div>
          {invoice.status === 'paid' ? (
            <Badge variant="success">{t('pay.paid')}</Badge>
          ) : invoice.status === 'partially_paid' ? (
            <Badge variant="outline">{t('pay.partlyPaid', { date: day(invoice.dueDate) })}</Badge>
          ) : invoice.status === 'overdue' ? (
            <Badge variant="outline" className="border-transparent bg-warning-soft text-warning">
              {t('pay.overdue')}
            </Badge>
          ) : (
            <Badge variant="outline">{t('pay.due', { date: day(invoice.dueDate) })}</Badge>
          )}
        </header>

        <BillTo invoice={invoice} label={t('invoice.billTo')} />

        <div className="grid gap-2">
          <h2 className="font-medium">{invoice.projectTitle}</h2>
          {invoice.description && <p className="text-sm text-muted-foreground">{invoice.description}</p>}
          <ul className="divide-y text-sm" aria-label={t('invoice.lines')}>
            {invoice.items.map((item, index) => (
              <li key={index} className="flex justify-between gap-4 py-2">
                <span>
                  {item.description}
                  <span className="text-muted-foreground">
                    {' '}
                    · {words.decimal(item.quantity)} × {money(item.unitPrice)}
                  </span>
                </span>
                <span className="tabular-nums">{money(item.amount)}</span>
              </li>
            ))}
          </ul>
          <InvoiceTotals
            invoice={invoice}
            totalLabel={t('invoice.totalDue')}
            totalTestId="pay-total"
            words={{
              subtotal: t('invoice.subtotal'),
              tax: (rate) => t('invoice.tax', { rate: words.decimal(rate) }),
              money,
            }}
          />
          {invoice.notes && (
            <p className="text-sm whitespace-pre-line text-muted-foreground">{invoice.notes}</p>
          )}
        </div>

        <InvoiceBalanceBlock
          currency={invoice.currency}
          balance={invoice.balance}
          words={balanceWords(words, money)}
        />

        <PayAction token={token} invoice={invoice} words={words} />

        <Button variant="outline" asChild className="justify-self-start">
          <a href={publicInvoicePdfUrl(token)} target="_blank" rel="noreferrer">
            <Download /> {t('pay.download')}
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

const balanceWords = (words: Translator, money: (amount: string) => string): BalanceWords => {
  const { t } = words;
  return {
    section: t('balance.section'),
    paid: t('balance.paid'),
    outstanding: t('balance.outstanding'),
    depositAsked: t('balance.depositAsked'),
    depositDue: t('balance.depositDue'),
    least: t('balance.least'),
    none: t('balance.none'),
    received: t('balance.received'),
    via: {
      pay_link: t('balance.via.pay_link'),
      manual: t('balance.via.manual'),
      card: t('balance.via.card'),
    },
    money,
    day: words.day,
  };
};

function PayAction({ token, invoice, words }: { token: string; invoice: PublicInvoice; words: Translator }) {
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
  const { t } = words;
  const money = (value: string) => words.amount(value, invoice.currency);
  const total = money(invoice.totalAmount);
  const name = invoice.from.name;
  if (invoice.status === 'paid') {
    return (
      <Alert>
        <CircleCheck aria-hidden className="size-4 text-success" />
        <p>
          {invoice.paidAt
            ? t('pay.paidOnThanks', { date: words.day(invoice.paidAt), name, amount: total })
            : t('pay.paidThanks', { name, amount: total })}
        </p>
      </Alert>
    );
  }
  if (!invoice.canPayOnline) {
    return (
      <Alert>
        <p>{t('pay.notOnline', { name })}</p>
      </Alert>
    );
  }
  const problem = paymentInputProblem(amount, invoice);
  const shownProblem = problem && amount.trim() ? problem : undefined;
  const depositFirst = /[1-9]/.test(balance.depositDue);
  const hint =
    balance.leastNow === balance.outstandingAmount
      ? t('pay.hintWhole', { amount: money(balance.outstandingAmount) })
      : t('pay.hintRange', { least: money(balance.leastNow), outstanding: money(balance.outstandingAmount) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    pay.mutate({ key, amount: amount.trim() }, { onSuccess: () => setKey(newIdempotencyKey()) });
  };
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label={t('pay.buttonPlain')}>
      {pay.isError && <ErrorAlert>{friendlyErrorMessage(pay.error, t('pay.failed'))}</ErrorAlert>}
      {depositFirst && (
        <p className="text-sm" data-testid="deposit-first">
          {t('pay.depositFirst', { amount: money(balance.depositDue) })}
        </p>
      )}
      <FormField
        id="pay-amount"
        label={t('pay.amountLabel', { currency: invoice.currency })}
        hint={hint}
        error={shownProblem}
      >
        <Input
          id="pay-amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(cleanAmountInput(event.target.value))}
          aria-invalid={shownProblem ? true : undefined}
          aria-describedby={describedBy('pay-amount', { hint, error: shownProblem })}
        />
      </FormField>
      <Button size="lg" type="submit" disabled={pay.isPending || problem !== null} {...guard}>
        {pay.isPending ? <Spinner /> : <Lock />}
        {problem ? t('pay.buttonPlain') : t('pay.button', { amount: money(amount.trim()) })}
      </Button>
      <p className="text-xs text-muted-foreground">{t('pay.sandbox', { name })}</p>
    </form>
  );
}
