import type { InvoiceBalance, InvoiceCurrency } from '@contract/invoices';
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
}

/** The pieces of an invoice its owner (Invoices) and its client (the pay page) both see. */

/** Subtotal, tax with its rate, and the total of an invoice: the same block for its owner and its client. */
export function InvoiceTotals({ invoice, totalLabel, totalTestId, className }: InvoiceTotalsProps) {
  const money = (amount: string) => formatMoney(amount, invoice.currency);
  return (
    <dl className={cn('ml-auto grid grid-cols-[auto_auto] gap-x-6 gap-y-1 text-sm tabular-nums', className)}>
      <dt className="text-muted-foreground">Subtotal</dt>
      <dd className="text-right">{money(invoice.amount)}</dd>
      <dt className="text-muted-foreground">Tax ({invoice.taxRate}%)</dt>
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
}: {
  invoice: { clientName: string; clientEmail: string; clientAddress: string };
}) {
  return (
    <div className="grid gap-0.5 text-sm">
      <p className="text-xs font-medium text-muted-foreground uppercase">Bill to</p>
      <p className="font-medium">{invoice.clientName}</p>
      <p className="text-muted-foreground">{invoice.clientEmail}</p>
      {invoice.clientAddress && (
        <p className="whitespace-pre-line text-muted-foreground">{invoice.clientAddress}</p>
      )}
    </div>
  );
}

const VIA_LABELS = { pay_link: 'pay link', manual: 'recorded by hand', card: 'card' } as const;

interface InvoiceBalanceProps {
  currency: InvoiceCurrency;
  balance: InvoiceBalance;
  className?: string;
}

/**
 * Paid, outstanding and any deposit still due, then each payment (oldest first): the same block for the
 * invoice's owner and its client. Nothing paid and no deposit: only what is outstanding.
 */
export function InvoiceBalanceBlock({ currency, balance, className }: InvoiceBalanceProps) {
  const money = (amount: string) => formatMoney(amount, currency);
  const hasDeposit = /[1-9]/.test(balance.depositAmount);
  const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
  return (
    <section aria-label="Payments" className={cn('grid gap-2 rounded-lg border p-3 text-sm', className)}>
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 tabular-nums">
        <dt className="text-muted-foreground">Paid</dt>
        <dd className="text-right" data-testid="balance-paid">
          {money(balance.paidAmount)}
        </dd>
        <dt className="font-medium">Outstanding</dt>
        <dd className="text-right font-semibold" data-testid="balance-outstanding">
          {money(balance.outstandingAmount)}
        </dd>
        {hasDeposit && (
          <>
            <dt className="text-muted-foreground">Deposit asked first</dt>
            <dd className="text-right">{money(balance.depositAmount)}</dd>
            <dt className="text-muted-foreground">Deposit still due</dt>
            <dd className="text-right" data-testid="balance-deposit-due">
              {money(balance.depositDue)}
            </dd>
          </>
        )}
        {/[1-9]/.test(balance.minimumPayment) && (
          <>
            <dt className="text-muted-foreground">Least part payment</dt>
            <dd className="text-right">{money(balance.minimumPayment)}</dd>
          </>
        )}
      </dl>
      {balance.payments.length === 0 ? (
        <p className="text-xs text-muted-foreground">No payments yet.</p>
      ) : (
        <ol className="grid gap-1 border-t pt-2" aria-label="Payments received">
          {balance.payments.map((payment, index) => (
            <li key={index} className="flex justify-between gap-4 tabular-nums" data-testid="balance-payment">
              <span className="text-muted-foreground">
                {dateOf(payment.paidAt)} · {VIA_LABELS[payment.via]}
              </span>
              <span>{money(payment.amount)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
