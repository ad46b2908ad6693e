import { lazy, Suspense, useRef } from 'react';
import { BriefcaseBusiness, ChartColumn, TrendingUp, Users, type LucideIcon } from 'lucide-react';
import type { Analytics } from '@contract/analytics';
import { LoadError } from '@web/components/load-error';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { useHasBeenVisible } from '@web/hooks/use-has-been-visible';
import { formatMoney } from '@web/lib/money';
import { useAnalytics } from '../api/get-analytics';
import { useCashflow } from '../api/get-cashflow';

// Recharts is large: it loads with the chart, not with the app.
const CashflowChart = lazy(() =>
  import('./cashflow-chart').then((module) => ({ default: module.CashflowChart })),
);

/**
 * The `monthlyEarnings`, `averageProject` and `activeClients` figures (missing values show 0), and the
 * cash-flow chart.
 */
export function EarningsAnalytics() {
  const analytics = useAnalytics();
  return (
    <Card aria-labelledby="earnings-analytics-title" role="region">
      <CardHeader>
        <CardTitle id="earnings-analytics-title">Earnings Analytics</CardTitle>
        <CardDescription>Client payments in USD at today&apos;s rates.</CardDescription>
      </CardHeader>
      {analytics.isError ? (
        <LoadError error={analytics.error} onRetry={() => void analytics.refetch()} />
      ) : (
        <Figures analytics={analytics.data} />
      )}
      <CashflowSection />
    </Card>
  );
}

function Figures({ analytics }: { analytics: Analytics | undefined }) {
  const figures: { label: string; icon: LucideIcon; value: string | undefined; testId: string }[] = [
    {
      label: 'Monthly Earnings',
      icon: TrendingUp,
      value: analytics && formatMoney(analytics.monthlyEarnings || '0.00', 'USD'),
      testId: 'monthly-earnings',
    },
    {
      label: 'Average Project',
      icon: BriefcaseBusiness,
      value: analytics && formatMoney(analytics.averageProject || '0.00', 'USD'),
      testId: 'average-project',
    },
    {
      label: 'Active Clients',
      icon: Users,
      value: analytics && String(analytics.activeClients ?? 0),
      testId: 'active-clients',
    },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3" aria-busy={analytics ? undefined : true}>
      {figures.map(({ label, icon: Icon, value, testId }) => (
        <div key={label} className="grid gap-2 rounded-xl border bg-background p-4">
          <dt className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <Icon aria-hidden className="size-3.5" />
            </span>
            {label}
          </dt>
          <dd data-testid={testId} className="text-xl font-semibold tracking-tight tabular-nums">
            {value ?? <Skeleton className="h-7 w-24" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function CashflowSection() {
  const cashflow = useCashflow();
  // The chart library (recharts, 103 KB gzipped: half of the rest of the signed-in app's first load) waits
  // until the chart, at the foot of the dashboard (below a 1280×900 window's fold), is scrolled to.
  const section = useRef<HTMLElement>(null);
  const visible = useHasBeenVisible(section);
  const chartSkeleton = <Skeleton className="h-64 w-full rounded-xl" />;
  return (
    <section ref={section} aria-labelledby="cashflow-title" className="grid gap-3">
      <h3 id="cashflow-title" className="text-sm font-medium text-muted-foreground">
        Income vs spending, last 6 months
      </h3>
      {cashflow.isPending ? (
        chartSkeleton
      ) : cashflow.isError ? (
        <LoadError error={cashflow.error} onRetry={() => void cashflow.refetch()} />
      ) : cashflow.data.every(
          (month) => /^0+(\.0+)?$/.test(month.income) && /^0+(\.0+)?$/.test(month.spending),
        ) ? (
        <EmptyState
          icon={ChartColumn}
          title="No income or spending yet"
          description="Client payments and what you spend will chart here month by month."
        />
      ) : !visible ? (
        chartSkeleton
      ) : (
        <Suspense fallback={chartSkeleton}>
          <CashflowChart months={cashflow.data} />
        </Suspense>
      )}
    </section>
  );
}
