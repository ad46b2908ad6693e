import { Landmark } from 'lucide-react';
import { Link } from 'react-router';
import { formatDay } from '@contract/dates';
import { Money } from '@contract/money';
import type { TaxEstimate } from '@contract/tax';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatMoney } from '@web/lib/money';
import { TAX_PAGE_PATH, useTaxEstimate } from '@web/lib/tax-estimate';

/** This tax year's estimate next to what the tax goal holds; a link to set up the profile when there is none. */
export function TaxCard() {
  const tax = useTaxEstimate();
  return (
    <Card aria-labelledby="tax-card-title" role="region">
      <CardHeader>
        <CardTitle id="tax-card-title">Tax estimate</CardTitle>
        <CardDescription>An estimate, not tax advice: the rate is yours to set.</CardDescription>
      </CardHeader>
      {tax.isError ? (
        <LoadError error={tax.error} onRetry={() => void tax.refetch()} />
      ) : tax.isPending ? (
        <div aria-busy className="grid gap-3 sm:grid-cols-3">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-16" />
          ))}
        </div>
      ) : tax.data.estimate ? (
        <Figures estimate={tax.data.estimate} />
      ) : (
        <EmptyState
          icon={Landmark}
          title="No tax profile yet"
          description="Set a rate and your tax year to see what you may owe so far, next to what you set aside."
          action={
            <Button asChild size="sm">
              <Link to={TAX_PAGE_PATH}>Set up your tax profile</Link>
            </Button>
          }
        />
      )}
    </Card>
  );
}

function Figures({ estimate }: { estimate: TaxEstimate }) {
  const money = (amount: string) => formatMoney(amount, estimate.currency);
  const short = Money.parse(estimate.shortfall, estimate.currency).isPositive();
  const figures = [
    { label: 'Income', value: money(estimate.income), testId: 'tax-income' },
    { label: 'Deductible expenses', value: money(estimate.deductibleExpenses), testId: 'tax-deductible' },
    {
      label: `Estimated tax (${estimate.ratePercent}%)`,
      value: money(estimate.estimatedTax),
      testId: 'tax-estimated',
    },
    { label: 'Set aside', value: money(estimate.setAside), testId: 'tax-set-aside' },
    {
      label: short ? 'Shortfall' : 'Surplus',
      value: money(short ? estimate.shortfall : estimate.surplus),
      testId: short ? 'tax-shortfall' : 'tax-surplus',
    },
    { label: 'Next estimate date', value: formatDay(estimate.nextDate), testId: 'tax-next-date' },
  ];
  return (
    <div className="grid gap-3">
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map(({ label, value, testId }) => (
          <div key={label} className="grid gap-1 rounded-xl border bg-background p-4">
            <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
            <dd data-testid={testId} className="text-lg font-semibold tracking-tight tabular-nums">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        Tax year from {formatDay(estimate.taxYear.from)} to today.{' '}
        <Link className="font-medium text-primary underline-offset-4 hover:underline" to={TAX_PAGE_PATH}>
          See the workings
        </Link>
      </p>
    </div>
  );
}
