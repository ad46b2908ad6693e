import type { InvoiceBalance, InvoiceCurrency, PaymentRoute } from '@contract/invoices';
import { formatMoney } from '@web/lib/money';
import { cn } from '@web/lib/utils';

interface InvoiceTotalsProps {
  invoice: {
    currency: InvoiceCurrency;
    amount: string;
    taxRate: string;
    taxAmount: string;
    totalAmount: string;
  };
  totalLabel: string;
  /** For tests: the total's figure. */
  totalTestId: string;
  className?: string;
  /** The client's words and formats (the pay page speaks the invoice's language); English by default. */
  words?: { subtotal: string; tax: (rate: string) => string; money: (amount: string) => string };
}

const englishWords = (currency: InvoiceCurrency) => ({
  subtotal: 'Subtotal',
  tax: (rate: string) => `Tax (${rate}%)`,
  money: (amount: string) => formatMoney(amount, currency),
});

/** The pieces of an invoice its owner (Invoices) and its client (the pay page) both see. */

/** Subtotal, tax with its rate, and the total of an invoice: the same block for its owner and its client. */
export function InvoiceTotals({ invoice, totalLabel, totalTestId, className, words }: InvoiceTotalsProps) {
  const { subtotal, tax, money } = words ?? englishWords(invoice.currency);
  return (
    <dl className={cn('ml-auto grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm tabular-nums', className)}>
      <dt className="text-muted-foreground">{subtotal}</dt>
      <dd className="text-right">{money(invoice.amount)}</dd>
      <dt className="text-muted-foreground">{tax(invoice.taxRate)}</dt>
      <dd className="text-right">{money(invoice.taxAmount)}</dd>
      <dt className="font-medium">{totalLabel}</dt>
      <dd className="text-right text-base font-semibold" data-testid={totalTestId}>
        {money(invoice.totalAmount)}
      </dd>
    </dl>
  );
}

/** Who the invoice is addressed to: name, email and address as written. */
export function BillTo({
  invoice,
  label = 'Bill to',
}: {
  invoice: { clientName: string; clientEmail: string; clientAddress: string };
  /** The heading, in the reader's language. */
  label?: string;
}) {
  return (
    <div className="grid gap-0.5 text-sm">
      <p className="text-xs font-medium text-muted-foreground uppercase">{label}</p>
      <p className="font-medium">{invoice.clientName}</p>
      <p className="text-muted-foreground">{invoice.clientEmail}</p>
      {invoice.clientAddress && (
        <p className="whitespace-pre-line text-muted-foreground">{invoice.clientAddress}</p>
      )}
    </div>
  );
}

/** The payments block's words and formats: English by default; the pay page passes the client's language. */
export interface BalanceWords {
  section: string;
  paid: string;
  outstanding: string;
  depositAsked: string;
  depositDue: string;
  least: string;
  none: string;
  received: string;
  via: Record<PaymentRoute, string>;
  money: (amount: string) => string;
  day: (iso: string) => string;
}

const englishBalanceWords = (currency: InvoiceCurrency): BalanceWords => ({
  section: 'Payments',
  paid: 'Paid',
  outstanding: 'Outstanding',
  depositAsked: 'Deposit asked first',
  depositDue: 'Deposit still due',
  least: 'Least part payment',
  none: 'No payments yet.',
  received: 'Payments received',
  via: { pay_link: 'pay link', manual: 'recorded by hand', card: 'card' },
  money: (amount) => formatMoney(amount, currency),
  day: (iso) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }),
});

interface InvoiceBalanceProps {
  currency: InvoiceCurrency;
  balance: InvoiceBalance;
  className?: string;
  words?: BalanceWords;
}

/**
 * Paid, outstanding and any deposit still due, then each payment (oldest first): the same block for the
 * invoice's owner and its client. Nothing paid and no deposit: only what is outstanding.
 */
export function InvoiceBalanceBlock({ currency, balance, className, words }: InvoiceBalanceProps) {
  const labels = words ?? englishBalanceWords(currency);
  const { money } = labels;
  const hasDeposit = /[1-9]/.test(balance.depositAmount);
  return (
    <section
      aria-label={labels.section}
      className={cn('grid gap-2 rounded-lg border p-3 text-sm', className)}
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 tabular-nums">
        <dt className="text-muted-foreground">{labels.paid}</dt>
        <dd className="text-right" data-testid="balance-paid">
          {money(balance.paidAmount)}
        </dd>
        <dt className="font-medium">{labels.outstanding}</dt>
        <dd className="text-right font-semibold" data-testid="balance-outstanding">
          {money(balance.outstandingAmount)}
        </dd>
        {hasDeposit && (
          <>
            <dt className="text-muted-foreground">{labels.depositAsked}</dt>
            <dd className="text-right">{money(balance.depositAmount)}</dd>
            <dt className="text-muted-foreground">{labels.depositDue}</dt>
            <dd className="text-right" data-testid="balance-deposit-due">
              {money(balance.depositDue)}
            </dd>
          </>
        )}
        {/[1-9]/.test(balance.minimumPayment) && (
          <>
            <dt className="text-muted-foreground">{labels.least}</dt>
            <dd className="text-right">{money(balance.minimumPayment)}</dd>
          </>
        )}
      </dl>
      {balance.payments.length === 0 ? (
        <p className="text-xs text-muted-foreground">{labels.none}</p>
      ) : (
        <ol className="grid gap-1 border-t pt-2" aria-label={labels.received}>
          {balance.payments.map((payment, index) => (
            <li key={index} className="flex justify-between gap-4 tabular-nums" data-testid="balance-payment">
              <span className="text-muted-foreground">
                {labels.day(payment.paidAt)} · {labels.via[payment.via]}
              </span>
              <span>{money(payment.amount)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
