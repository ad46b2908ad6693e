import { Link } from 'react-router';
import type { Currency } from '@contract/currencies';
import type { ForecastItem } from '@contract/forecast';
import { formatDay } from '@contract/dates';
import { Badge } from '@web/components/ui/badge';
import { formatSignedMoney } from '@web/lib/money';
import { cn } from '@web/lib/utils';
import {
  dayNet,
  formatMovement,
  invoiceHref,
  SCHEDULED_PAYMENTS_PATH,
  type ForecastDayItems,
  type ForecastPoint,
  type ForecastView,
} from '../lib/forecast';

const kindNames: Record<ForecastItem['kind'], string> = {
  invoice: 'Invoice',
  recurring_invoice: 'Recurring invoice',
  scheduled_payment: 'Scheduled payment',
  subscription: 'Subscription',
  tax: 'Tax set-aside',
};

/** Where an item comes from, when Meridian has a page for it. */
const sourceHref = (item: ForecastItem) =>
  item.kind === 'invoice' && item.sourceId
    ? invoiceHref(item.sourceId)
    : item.kind === 'scheduled_payment'
      ? SCHEDULED_PAYMENTS_PATH
      : null;

interface ViewProps {
  view: ForecastView;
  homeCurrency: Currency;
}

/** The keyboard way into a day: every day that has items, as a button with what the day adds up to. */
export function ForecastDayList({
  days,
  selectedDate,
  onPickDay,
  view,
  homeCurrency,
}: ViewProps & { days: ForecastDayItems[]; selectedDate: string | null; onPickDay: (date: string) => void }) {
  if (days.length === 0) return null;
  return (
    <section aria-labelledby="forecast-days-title" className="grid gap-2">
      <h3 id="forecast-days-title" className="text-sm font-medium text-muted-foreground">
        Days with money expected to move
      </h3>
      <ul className="grid max-h-72 gap-1.5 overflow-y-auto pr-1" data-testid="forecast-day-list">
        {days.map((day) => {
          const net = dayNet(day.items, view, homeCurrency);
          const count = day.items.length === 1 ? '1 item' : `${day.items.length} items`;
          return (
            <li key={day.date}>
              <button
                type="button"
                aria-pressed={selectedDate === day.date}
                onClick={() => onPickDay(day.date)}
                className={cn(
                  'flex w-full cursor-pointer items-center justify-between gap-3 rounded-lg border px-3 py-2 text-left text-sm transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                  selectedDate === day.date ? 'border-primary bg-primary/5' : 'bg-background',
                )}
              >
                <span className="min-w-0">
                  <span className="font-medium">{formatDay(day.date, 'short')}</span>
                  <span className="text-muted-foreground"> · {count}</span>
                </span>
                <span className="shrink-0 tabular-nums">
                  {formatSignedMoney(net, net.isNegative() ? '-' : '+')}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** One day opened: its expected balance and the items behind it, each in its currency and in home currency. */
export function ForecastDayDetail({
  point,
  items,
  view,
  homeCurrency,
}: ViewProps & { point: ForecastPoint; items: readonly ForecastItem[] }) {
  return (
    <section
      aria-labelledby="forecast-day-title"
      aria-live="polite"
      className="grid gap-3 rounded-xl border bg-background p-4"
      data-testid="forecast-day"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="forecast-day-title" className="text-sm font-semibold">
          {formatDay(point.date)}
        </h3>
        <p className="text-sm text-muted-foreground">
          Expected balance{' '}
          <span className="font-medium text-foreground tabular-nums">{point.expectedText}</span>
        </p>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing is expected to move on this day.</p>
      ) : (
        <ul className="grid gap-2">
          {items.map((item) => (
            <ItemRow key={item.id} item={item} view={view} homeCurrency={homeCurrency} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ItemRow({ item, homeCurrency }: ViewProps & { item: ForecastItem }) {
  const href = sourceHref(item);
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 border-t pt-2 first:border-t-0 first:pt-0">
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm font-medium break-words">
          {href ? (
            <Link className="underline-offset-4 hover:underline" to={href}>
              {item.label}
            </Link>
          ) : (
            item.label
          )}
        </p>
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          {kindNames[item.kind]}
          {item.latePayer && (
            <Badge variant="outline" title="Paid late before: left out of the worst case">
              Late payer
            </Badge>
          )}
        </p>
      </div>
      <div className="ml-auto grid justify-items-end text-sm tabular-nums">
        <span className="font-medium">{formatMovement(item.amount, item.currency)}</span>
        {item.currency !== homeCurrency && (
          <span className="text-xs text-muted-foreground">
            {formatMovement(item.homeAmount, homeCurrency)} in {homeCurrency}
          </span>
        )}
      </div>
    </li>
  );
}
