import type { Currency } from '@contract/currencies';
import type { Money } from '@contract/money';
import { formatMoney, formatRate } from '@web/lib/money';
import { FigureRow } from '@web/components/money-confirmation';
import type { TransferEstimate } from '../lib/transfer-form';

/** "≈ €92.33" while it rests on a live rate; exact when nothing is converted. */
export function receivedText(estimate: TransferEstimate, rateFailed = false): string {
  if (!estimate.received) return rateFailed ? 'Rate unavailable right now' : 'Fetching the rate…';
  return `${estimate.estimated ? '≈ ' : ''}${formatMoney(estimate.received)}`;
}

export const rateText = (from: Currency, to: Currency, rate: string) =>
  `1 ${from} = ${formatRate(rate)} ${to}`;

interface TransferFiguresProps {
  amount: Money | null;
  to: Currency | '';
  estimate: TransferEstimate | null;
  rate: string | undefined;
  rateFailed: boolean;
}

/** The running figures under the form: fee, total cost and what the recipient gets. */
export function TransferFigures({ amount, to, estimate, rate, rateFailed }: TransferFiguresProps) {
  const dash = <span className="text-muted-foreground">—</span>;
  return (
    <section
      aria-labelledby="transfer-figures-title"
      className="grid gap-1 rounded-xl border bg-muted/40 px-4 py-3"
    >
      <h3 id="transfer-figures-title" className="sr-only">
        Cost of this transfer
      </h3>
      <dl className="divide-y divide-border/70">
        <FigureRow label="Transfer fee (2.9%)" testId="figure-fee">
          {estimate ? formatMoney(estimate.fee) : dash}
        </FigureRow>
        <FigureRow label="Total cost" strong testId="figure-total">
          {estimate ? formatMoney(estimate.total) : dash}
        </FigureRow>
        <FigureRow label={estimate?.estimated ? 'Recipient gets (estimate)' : 'Recipient gets'}>
          {estimate ? receivedText(estimate, rateFailed) : dash}
        </FigureRow>
      </dl>
      {amount && to && amount.currency !== to && rate && (
        <p className="pb-1 text-xs text-muted-foreground">
          At the live rate {rateText(amount.currency, to, rate)}. The transfer is priced again when you send
          it.
        </p>
      )}
    </section>
  );
}
