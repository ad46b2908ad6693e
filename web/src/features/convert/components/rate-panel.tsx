import { RefreshCw, TrendingDown, TrendingUp, Minus } from 'lucide-react';
import type { Currency } from '@contract/currencies';
import type { RateQuote } from '@contract/rates';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { formatChange, formatRate } from '@web/lib/money';
import { cn } from '@web/lib/utils';

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

interface RatePanelProps {
  from: Currency;
  to: Currency;
  quote: RateQuote | undefined;
  /** The figure shown is for the previous pair while the new one loads. */
  stale: boolean;
  error: unknown;
  refreshing: boolean;
  onRefresh: () => void;
}

/** The current rate for the chosen pair (refreshed every 5 s), its 24 h change and the Refresh Rates button. */
export function RatePanel({ from, to, quote, stale, error, refreshing, onRefresh }: RatePanelProps) {
  const change = quote ? formatChange(quote.change24h) : null;
  const TrendIcon = change?.trend === 'up' ? TrendingUp : change?.trend === 'down' ? TrendingDown : Minus;
  return (
    <section aria-labelledby="rate-panel-title" className="grid gap-3 rounded-xl border bg-muted/40 p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="rate-panel-title" className="text-sm font-medium text-muted-foreground">
          Current rate
        </h2>
        <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw className={cn(refreshing && 'animate-spin')} />
          Refresh Rates
        </Button>
      </div>
      {error && !quote ? (
        <p role="alert" className="text-sm text-destructive">
          {friendlyErrorMessage(error, 'The rate could not be loaded.')}
        </p>
      ) : !quote ? (
        <Skeleton className="h-7 w-56" />
      ) : (
        <div
          className={cn(
            'flex flex-wrap items-center gap-x-4 gap-y-2 transition-opacity',
            stale && 'opacity-60',
          )}
        >
          <p
            aria-live="polite"
            aria-atomic="true"
            data-testid="current-rate"
            className="text-xl font-semibold tabular-nums"
          >
            1 {from} = {formatRate(quote.rate)} {to}
          </p>
          {change && (
            <p
              className={cn(
                'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium tabular-nums',
                change.trend === 'up' && 'bg-success-soft text-success',
                change.trend === 'down' && 'bg-destructive/10 text-destructive',
                change.trend === 'flat' && 'bg-muted text-muted-foreground',
              )}
            >
              <TrendIcon aria-hidden className="size-3.5" />
              <span>
                {change.text} <span className="sr-only">over </span>24h
              </span>
            </p>
          )}
        </div>
      )}
      {quote && (
        <p className="text-xs text-muted-foreground">
          Updated <time dateTime={quote.timestamp}>{clock.format(new Date(quote.timestamp))}</time> ·
          refreshes every 5 seconds
        </p>
      )}
    </section>
  );
}
