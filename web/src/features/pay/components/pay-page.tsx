import { Download, FileX } from 'lucide-react';
import { translatorFor, type Translator } from '@contract/i18n';
import type { PublicInvoice } from '@contract/invoices';
import { BillTo, InvoiceBalanceBlock, InvoiceTotals, type BalanceWords } from '@web/components/invoice-parts';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { publicInvoicePdfUrl, usePublicInvoice } from '../api/public-invoice';
import { isConfirming } from '../lib/card-return';
import { PayAction } from './pay-action';

/** The pay link's page (`/pay/{token}`): the invoice as its client sees it, and Pay. No account needed. */
export function PayPage({ token }: { token: string }) {
  const invoice = usePublicInvoice(token, (data) => isConfirming(token, data));
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
