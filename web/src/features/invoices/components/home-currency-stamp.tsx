import type { Invoice } from '@contract/invoices';
import { formatMoney, formatRate } from '@web/lib/money';
import { cn } from '@web/lib/utils';

/**
 * What the invoice was worth in the home currency when issued and when paid (each payment at its own rate),
 * and the realised FX gain or loss: the figures a tax return asks for. Same currency: nothing to say beyond the amount.
 */
export function HomeCurrencyStamp({ invoice }: { invoice: Invoice }) {
  const { home } = invoice;
  if (!home.issueAmount) return null;
  const inHome = (amount: string) => formatMoney(amount, home.currency);
  // Realised so far: the payments' own rates against the paid share of the issue-time value.
  const gain = home.realisedFx;
  const negative = gain?.startsWith('-') ?? false;
  const settled = invoice.status === 'paid';
  return (
    <section aria-label="Home currency" className="grid gap-2 rounded-lg border p-3 text-sm">
      <p className="text-xs font-medium text-muted-foreground uppercase">
        In {home.currency}, your home currency
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 tabular-nums">
        <dt className="text-muted-foreground">At issue</dt>
        <dd data-testid="home-at-issue">
          {inHome(home.issueAmount)}
          {home.issueRate !== '1' && home.issueRate && (
            <span className="text-muted-foreground"> at {formatRate(home.issueRate)}</span>
          )}
        </dd>
        {home.paidAmount && (
          <>
            <dt className="text-muted-foreground">
              {invoice.balance.payments.length > 1 ? 'Payments, each at its rate' : 'At payment'}
            </dt>
            <dd>
              {inHome(home.paidAmount)}
              {invoice.balance.payments.length <= 1 && home.paidRate !== '1' && home.paidRate && (
                <span className="text-muted-foreground"> at {formatRate(home.paidRate)}</span>
              )}
            </dd>
          </>
        )}
        {gain && (
          <>
            <dt className="text-muted-foreground">
              {settled ? '' : 'Realised '}FX {negative ? 'loss' : 'gain'}
              {settled ? '' : ' so far'}
            </dt>
            <dd
              className={cn('font-medium', negative ? 'text-destructive' : 'text-success')}
              data-testid="fx-gain-loss"
            >
              {negative ? '−' : '+'}
              {inHome(negative ? gain.slice(1) : gain)}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
