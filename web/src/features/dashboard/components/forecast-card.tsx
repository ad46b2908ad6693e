import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { CalendarRange } from 'lucide-react';
import type { Currency } from '@contract/currencies';
import type { Forecast } from '@contract/forecast';
import { LoadError } from '@web/components/load-error';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { NativeSelect } from '@web/components/ui/native-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { useHasBeenVisible } from '@web/hooks/use-has-been-visible';
import { cn } from '@web/lib/utils';
import { useForecast } from '../api/get-forecast';
import {
  chartPoints,
  formatRatesAsOf,
  itemsByDay,
  lineSummary,
  plotValue,
  signedMoney,
  type ForecastView,
} from '../lib/forecast';
import { ForecastDayDetail, ForecastDayList } from './forecast-days';
import { ForecastFloors } from './forecast-floors';
import { ForecastWarnings } from './forecast-warnings';

// Recharts is large: it loads with the chart, not with the app (the cash-flow chart shares the chunk).
const ForecastChart = lazy(() =>
  import('./forecast-chart').then((module) => ({ default: module.ForecastChart })),
);

const WINDOWS = [30, 90] as const;
type ForecastLength = (typeof WINDOWS)[number];

/**
 * The next 30 or 90 days: the expected balance (all wallets in the home currency, or one wallet), the
 * best/worst band, the warnings with their fixes, and each day's items.
 */
export function ForecastCard() {
  const [days, setDays] = useState<ForecastLength>(90);
  const forecast = useForecast(days);
  return (
    <Card aria-labelledby="forecast-title" role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1">
          <CardTitle id="forecast-title">Cash-flow forecast</CardTitle>
          <CardDescription>
            A forecast from what Meridian knows (open invoices, scheduled payments, subscriptions and tax
            set-asides), not a promise.
          </CardDescription>
        </div>
        <WindowSwitch days={days} onChange={setDays} />
      </CardHeader>
      {forecast.isError ? (
        <LoadError error={forecast.error} onRetry={() => void forecast.refetch()} />
      ) : forecast.isPending ? (
        <div aria-busy className="grid gap-3">
          <Skeleton className="h-10 w-full sm:w-64" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      ) : forecast.data.wallets.length === 0 ? (
        <EmptyState
          icon={CalendarRange}
          title="No wallets yet"
          description="Once you hold money, this shows where your balances are heading over the next weeks."
        />
      ) : (
        <ForecastBody forecast={forecast.data} days={days} updating={forecast.isPlaceholderData} />
      )}
    </Card>
  );
}

function WindowSwitch({
  days,
  onChange,
}: {
  days: ForecastLength;
  onChange: (days: ForecastLength) => void;
}) {
  return (
    <div role="group" aria-label="Forecast length" className="inline-flex gap-1 rounded-xl bg-muted p-1">
      {WINDOWS.map((each) => (
        <button
          key={each}
          type="button"
          aria-pressed={days === each}
          onClick={() => onChange(each)}
          className={cn(
            'cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
            days === each && 'bg-card text-foreground shadow-sm',
          )}
        >
          {each} days
        </button>
      ))}
    </div>
  );
}

function ForecastBody({
  forecast,
  days,
  updating,
}: {
  forecast: Forecast;
  days: ForecastLength;
  updating: boolean;
}) {
  const [view, setView] = useState<ForecastView>('all');
  const [picked, setPicked] = useState<string | null>(null);
  const currency: Currency = view === 'all' ? forecast.homeCurrency : view;
  const wallet = view === 'all' ? undefined : forecast.wallets.find((each) => each.currency === view);
  const points = useMemo(() => chartPoints(forecast, view), [forecast, view]);
  const dayItems = useMemo(() => itemsByDay(forecast.items, view), [forecast.items, view]);
  // A day picked in the other window, or before a reload, may no longer be in this one.
  const selected = points.find((point) => point.date === picked) ?? null;
  const floor =
    wallet && signedMoney(wallet.floor, wallet.currency)?.isPositive() ? plotValue(wallet.floor) : null;

  // The chart (and Recharts with it) waits until it is scrolled to, as the cash-flow chart below does.
  const chartArea = useRef<HTMLDivElement>(null);
  const visible = useHasBeenVisible(chartArea);
  const chartSkeleton = <Skeleton className="h-64 w-full rounded-xl" />;

  return (
    <div className="grid gap-4" aria-busy={updating || undefined}>
      <ForecastWarnings warnings={forecast.warnings} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid w-full gap-1.5 sm:w-64">
          <label htmlFor="forecast-view" className="text-sm font-medium">
            Show
          </label>
          <NativeSelect
            id="forecast-view"
            value={view}
            onChange={(event) => setView(event.target.value as ForecastView)}
          >
            <option value="all">All wallets (in {forecast.homeCurrency})</option>
            {forecast.wallets.map((each) => (
              <option key={each.currency} value={each.currency}>
                {each.currency} wallet
              </option>
            ))}
          </NativeSelect>
        </div>
        <ForecastFloors wallets={forecast.wallets} initial={wallet?.currency ?? forecast.homeCurrency} />
      </div>
      <figure className="grid gap-3">
        <figcaption className="grid gap-1.5 text-xs text-muted-foreground">
          <span className="flex flex-wrap gap-4">
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden className="h-0.5 w-4 rounded-full bg-primary" />
              Expected balance ({currency})
            </span>
            {view === 'all' && (
              <span className="inline-flex items-center gap-1.5">
                <span aria-hidden className="size-2.5 rounded-sm bg-primary/20" />
                Best to worst case (late payers paying on time, or not at all)
              </span>
            )}
            {floor !== null && (
              <span className="inline-flex items-center gap-1.5">
                <span aria-hidden className="h-0 w-4 border-t-2 border-dashed border-destructive" />
                Floor
              </span>
            )}
          </span>
          <span data-testid="forecast-rates">
            Other currencies at today&apos;s rate (as of {formatRatesAsOf(forecast.ratesAsOf)}).
          </span>
        </figcaption>
        <div ref={chartArea}>
          {!visible ? (
            chartSkeleton
          ) : (
            <Suspense fallback={chartSkeleton}>
              <ForecastChart
                points={points}
                currency={currency}
                floor={floor}
                selectedDate={selected?.date ?? null}
                onPickDay={setPicked}
              />
            </Suspense>
          )}
        </div>
        <p className="sr-only">{lineSummary(points)}</p>
      </figure>
      {dayItems.length === 0 && (
        <p className="text-sm text-muted-foreground" data-testid="forecast-nothing">
          Nothing is expected {view === 'all' ? '' : `in ${view} `}in the next {days} days: no open invoices,
          scheduled payments, subscriptions or tax set-asides, so the line stays at today&apos;s balance.
        </p>
      )}
      {selected && (
        <ForecastDayDetail
          point={selected}
          items={dayItems.find((day) => day.date === selected.date)?.items ?? []}
          view={view}
          homeCurrency={forecast.homeCurrency}
        />
      )}
      <ForecastDayList
        days={dayItems}
        selectedDate={selected?.date ?? null}
        onPickDay={setPicked}
        view={view}
        homeCurrency={forecast.homeCurrency}
      />
    </div>
  );
}
