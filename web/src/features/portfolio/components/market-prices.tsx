import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { currencies } from '@contract/currencies';
import type { Currency } from '@contract/currencies';
import { CurrencyIcon } from '@web/components/currency-icon';
import { Sparkline } from '@web/components/sparkline';
import { QueryContent } from '@web/components/query-content';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListSkeleton } from '@web/components/ui/skeleton';
import { formatChange, formatMoney, roundDecimal } from '@web/lib/money';
import { cn } from '@web/lib/utils';
import { useMarketPrices } from '../api/get-market-prices';
import { useRateHistory } from '../api/get-rate-history';
import { trendClass } from '../lib/profit-loss';

const trendIcons = { up: TrendingUp, down: TrendingDown, flat: Minus } as const;

/** BTC/USD and ETH/USD from GET /api/exchange-rates/all (30 s poll), with their last 24 hours and change. */
export function MarketPrices() {
  const prices = useMarketPrices();
  return (
    <section aria-labelledby="market-prices-title" className="grid gap-4 rounded-xl border bg-muted/30 p-4">
      <div className="grid gap-1">
        <h2 id="market-prices-title" className="text-base font-semibold">
          Market Prices
        </h2>
        <p className="text-sm text-muted-foreground">Live USD prices, refreshed every 30 seconds.</p>
      </div>
      <QueryContent
        query={prices}
        loading={<ListSkeleton label="Loading market prices" rows={2} />}
        empty={<EmptyState icon={Minus} title="No prices right now" description="Try again in a moment." />}
      >
        {(pairs) => (
          <ul className="grid gap-2">
            {pairs.map((pair) => {
              const change = formatChange(pair.change24h);
              const TrendIcon = trendIcons[change.trend];
              return (
                <li
                  key={pair.from}
                  data-testid={`market-price-${pair.from}`}
                  className="flex items-center gap-3 rounded-xl border bg-background px-3 py-2.5"
                >
                  <CurrencyIcon currency={pair.from} className="size-9 text-sm" />
                  <span className="grid min-w-0 flex-1">
                    <span className="text-sm font-semibold">
                      {pair.from}/{pair.to}
                    </span>
                    <span className="truncate text-xs text-muted-foreground">
                      {currencies[pair.from].name}
                    </span>
                  </span>
                  <PairSparkline from={pair.from} trend={change.trend} />
                  <span className="grid justify-items-end gap-0.5">
                    <span className="text-sm font-semibold tabular-nums">
                      {formatMoney(roundDecimal(pair.rate, 2), 'USD')}
                    </span>
                    <span
                      className={cn(
                        'inline-flex items-center gap-1 text-xs font-medium tabular-nums',
                        trendClass(change.trend),
                      )}
                    >
                      <TrendIcon aria-hidden className="size-3" />
                      {change.text}
                      <span className="sr-only"> over 24 hours</span>
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </QueryContent>
    </section>
  );
}

/** The pair's last 24 hours, coloured by its trend; nothing while loading or where the source keeps no history. */
function PairSparkline({ from, trend }: { from: Currency; trend: 'up' | 'down' | 'flat' }) {
  const history = useRateHistory(from, 'USD');
  if (!history.data || history.data.length < 2) return null;
  return <Sparkline values={history.data} className={cn('hidden shrink-0 sm:block', trendClass(trend))} />;
}
