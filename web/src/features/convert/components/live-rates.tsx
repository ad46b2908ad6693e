import { TrendingDown, TrendingUp, Minus } from 'lucide-react';
import type { Currency } from '@contract/currencies';
import { CurrencyIcon } from '@web/components/currency-icon';
import { QueryContent } from '@web/components/query-content';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatChange, formatRate } from '@web/lib/money';
import { cn } from '@web/lib/utils';
import { LIVE_RATES_COUNT, useAllRates } from '../api/get-all-rates';

interface LiveRatesProps {
  from: Currency;
  to: Currency;
  onPick: (from: Currency, to: Currency) => void;
  className?: string;
}

/** The first 8 pairs of /api/exchange-rates/all (30 s poll); choosing one loads it into the converter. */
export function LiveRates({ from, to, onPick, className }: LiveRatesProps) {
  const rates = useAllRates();
  return (
    <Card className={className} role="region" aria-labelledby="live-rates-title">
      <CardHeader>
        <CardTitle id="live-rates-title">Live Rates</CardTitle>
        <CardDescription>Choose a pair to load it into the converter.</CardDescription>
      </CardHeader>
      <QueryContent
        query={rates}
        loading={
          <ul aria-label="Loading rates" className="grid gap-2">
            {Array.from({ length: LIVE_RATES_COUNT }, (_, index) => (
              <li key={index}>
                <Skeleton className="h-14 w-full rounded-xl" />
              </li>
            ))}
          </ul>
        }
      >
        {(pairs) => (
          <ul className="grid gap-2">
            {pairs.map((pair) => {
              const selected = pair.from === from && pair.to === to;
              const change = formatChange(pair.change24h);
              const TrendIcon =
                change.trend === 'up' ? TrendingUp : change.trend === 'down' ? TrendingDown : Minus;
              return (
                <li key={`${pair.from}-${pair.to}`}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    aria-label={`${pair.from} to ${pair.to}: 1 ${pair.from} = ${formatRate(pair.rate)} ${pair.to}, ${change.text} over 24 hours`}
                    onClick={() => onPick(pair.from, pair.to)}
                    className={cn(
                      'flex w-full cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                      selected ? 'border-primary bg-primary/5' : 'bg-background',
                    )}
                  >
                    <span className="flex shrink-0 -space-x-2">
                      <CurrencyIcon currency={pair.from} className="size-8 text-xs" />
                      <CurrencyIcon currency={pair.to} className="size-8 text-xs" />
                    </span>
                    <span className="min-w-0 flex-1 text-sm font-semibold">
                      {pair.from}/{pair.to}
                    </span>
                    <span className="grid justify-items-end gap-0.5">
                      <span className="text-sm font-semibold tabular-nums">{formatRate(pair.rate)}</span>
                      <span
                        className={cn(
                          'inline-flex items-center gap-1 text-xs font-medium tabular-nums',
                          change.trend === 'up' && 'text-success',
                          change.trend === 'down' && 'text-destructive',
                          change.trend === 'flat' && 'text-muted-foreground',
                        )}
                      >
                        <TrendIcon aria-hidden className="size-3" />
                        {change.text}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryContent>
    </Card>
  );
}
