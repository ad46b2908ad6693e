import type { ForecastItemKind } from '@contract/forecast';
import type { Planned } from './forecast-plan';

const kindsInWords: Record<ForecastItemKind, string> = {
  invoice: 'invoices',
  recurring_invoice: 'recurring invoices',
  scheduled_payment: 'scheduled payments',
  subscription: 'subscriptions',
  tax: 'tax set-asides',
};

const magnitude = (value: bigint) => (value < 0n ? -value : value);

/**
 * The items a forecast lists, in date order: on a day with more than `perDay`, the `perDay` largest by
 * home-currency value (`homeValue`), then the rest folded into one item per kind, currency and lateness whose
 * amount is their sum. A day's listed items still add up to what it moves. `items` come sorted by date and id.
 */
export function listedItems(
  items: Planned[],
  perDay: number,
  homeValue: (item: Planned) => bigint,
): Planned[] {
  const days = new Map<string, Planned[]>();
  for (const item of items) days.set(item.date, [...(days.get(item.date) ?? []), item]);
  return [...days.values()].flatMap((day) => {
    if (day.length <= perDay) return day;
    const largest = new Set(
      day
        .toSorted((a, b) => {
          const [x, y] = [magnitude(homeValue(a)), magnitude(homeValue(b))];
          return x > y ? -1 : x < y ? 1 : 0;
        })
        .slice(0, perDay),
    );
    const folded = new Map<string, Planned[]>();
    for (const item of day) {
      if (largest.has(item)) continue;
      const key = `${item.kind}:${item.currency}${item.latePayer ? ':late' : ''}`;
      folded.set(key, [...(folded.get(key) ?? []), item]);
    }
    return [
      ...day.filter((item) => largest.has(item)),
      ...[...folded].map(([key, rest]) => foldOf(key, rest)),
    ];
  });
}

function foldOf(key: string, rest: Planned[]): Planned {
  const [first] = rest as [Planned, ...Planned[]];
  return {
    id: `more:${key}:${first.date}`,
    kind: first.kind,
    label: `${rest.length} more ${kindsInWords[first.kind]}`,
    currency: first.currency,
    amount: rest.reduce((sum, item) => sum + item.amount, 0n),
    sourceId: null,
    latePayer: first.latePayer,
    date: first.date,
    best: first.best,
    worst: first.worst,
  };
}
