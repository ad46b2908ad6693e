import type { Currency } from '@contract/currencies';
import type { ExchangeRates } from '@contract/rates';
import { CurrencyIcon } from '@web/components/currency-icon';
import { QueryContent } from '@web/components/query-content';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatRate } from '@web/lib/money';
import { useExchangeRates } from '@web/lib/rates';

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** The pairs a sender cares about here: the dollar against the other transfer currencies, and the coins. */
const pairs: { from: Currency; to: Currency; rate: (rates: ExchangeRates) => string }[] = [
  { from: 'USD', to: 'EUR', rate: (rates) => rates.USD_EUR },
  { from: 'USD', to: 'GBP', rate: (rates) => rates.USD_GBP },
  { from: 'USD', to: 'CAD', rate: (rates) => rates.USD_CAD },
  { from: 'BTC', to: 'USD', rate: (rates) => rates.crypto.BTC_USD },
  { from: 'ETH', to: 'USD', rate: (rates) => rates.crypto.ETH_USD },
];

/** GET /api/exchange-rates on the 30 s poll. */
export function ExchangeRatesPanel() {
  const rates = useExchangeRates();
  return (
    <Card role="region" aria-labelledby="transfer-rates-title">
      <CardHeader>
        <CardTitle id="transfer-rates-title">Exchange Rates</CardTitle>
        <CardDescription>
          {rates.data ? (
            <>
              Live · updated{' '}
              <time dateTime={rates.data.timestamp}>{clock.format(new Date(rates.data.timestamp))}</time>,
              refreshed every 30 seconds
            </>
          ) : (
            'Live market rates, refreshed every 30 seconds'
          )}
        </CardDescription>
      </CardHeader>
      <QueryContent
        query={rates}
        loading={
          <ul aria-label="Loading rates" className="grid gap-2">
            {pairs.map((pair) => (
              <li key={`${pair.from}-${pair.to}`}>
                <Skeleton className="h-12 w-full rounded-xl" />
              </li>
            ))}
          </ul>
        }
      >
        {(data) => (
          <ul className="grid gap-1" data-testid="transfer-rates">
            {pairs.map((pair) => (
              <li
                key={`${pair.from}-${pair.to}`}
                className="flex items-center gap-3 rounded-xl px-2 py-2 transition-colors hover:bg-muted/60"
              >
                <span className="flex shrink-0 -space-x-2">
                  <CurrencyIcon currency={pair.from} className="size-7 text-[11px]" />
                  <CurrencyIcon currency={pair.to} className="size-7 text-[11px]" />
                </span>
                <span className="min-w-0 flex-1 text-sm font-medium">
                  {pair.from}
                  <span className="text-muted-foreground"> / </span>
                  {pair.to}
                </span>
                <span className="text-sm font-semibold tabular-nums">
                  <span className="sr-only">1 {pair.from} = </span>
                  {formatRate(pair.rate(data))}
                  <span className="sr-only"> {pair.to}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </Card>
  );
}
