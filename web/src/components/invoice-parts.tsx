import type { InvoiceCurrency } from '@contract/invoices';
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
