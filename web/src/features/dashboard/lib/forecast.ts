import type { Currency } from '@contract/currencies';
import type { Forecast, ForecastItem, ForecastWarning } from '@contract/forecast';
import { formatDay } from '@contract/dates';
import { Money, parseAmount } from '@contract/money';
import { formatMoney, formatSignedMoney } from '@web/lib/money';

/** What the chart shows: every wallet together in the home currency, or one wallet in its own currency. */
export type ForecastView = 'all' | Currency;

/**
 * A signed wire amount ("-120.00", "85.50") as Money, or null when it is not one. Forecast figures carry a
 * sign (a balance can be expected below zero, money leaves), which the contract's unsigned parser refuses.
 */
export function signedMoney(amount: string, currency: Currency): Money | null {
  const negative = amount.startsWith('-');
  try {
    const magnitude = Money.of(parseAmount(negative ? amount.slice(1) : amount, currency), currency);
    return negative ? magnitude.negated() : magnitude;
  } catch {
    return null;
  }
}

/** A balance: "$1,200.00", "−$35.00" (a true minus sign). A malformed figure is shown as sent. */
export function formatBalance(amount: string, currency: Currency): string {
  const money = signedMoney(amount, currency);
  if (!money) return `${amount} ${currency}`;
  return money.isNegative() ? formatSignedMoney(money, '-') : formatMoney(money);
}

/** A movement: "+$1,200.00" arrives, "−$35.00" leaves. A malformed figure is shown as sent. */
export function formatMovement(amount: string, currency: Currency): string {
  const money = signedMoney(amount, currency);
  if (!money) return `${amount} ${currency}`;
  return formatSignedMoney(money, money.isNegative() ? '-' : '+');
}

export interface ForecastDayItems {
  date: string;
  items: ForecastItem[];
}

/**
 * The days that have items, in date order, each with its items in the order the server sent them; only one
 * wallet's items when `view` names a currency.
 */
export function itemsByDay(items: readonly ForecastItem[], view: ForecastView = 'all'): ForecastDayItems[] {
  const days = new Map<string, ForecastItem[]>();
  for (const item of items) {
    if (view !== 'all' && item.currency !== view) continue;
    const day = days.get(item.date);
    if (day) day.push(item);
    else days.set(item.date, [item]);
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, dayItems]) => ({ date, items: dayItems }));
}

/**
 * What a day's items add up to in the view's currency: home amounts for all wallets, the wallet's own amounts
 * for one wallet. Exact (Money); a malformed figure counts as nothing rather than hiding the day.
 */
export function dayNet(items: readonly ForecastItem[], view: ForecastView, home: Currency): Money {
  const currency = view === 'all' ? home : view;
  return items.reduce((sum, item) => {
    const money = signedMoney(view === 'all' ? item.homeAmount : item.amount, currency);
    return money ? sum.plus(money) : sum;
  }, Money.zero(currency));
}

/**
 * A plotting coordinate read from a decimal string: a float for drawing only (a point's height), never money
 * (no arithmetic on it, and the figures shown beside the chart come from the exact strings).
 */
export const plotValue = (decimal: string) => {
  const value = Number(decimal);
  return Number.isFinite(value) ? value : 0;
};

export interface ForecastPoint {
  date: string;
  /** The expected balance, for drawing. */
  expected: number;
  /** The shaded band from the lower to the higher of worst and best, for drawing; null for one wallet. */
  band: [number, number] | null;
  expectedText: string;
  bestText: string | null;
  worstText: string | null;
}

/**
 * The chart's points for a view. All wallets: the home-currency line with its best/worst band (ordered low to
 * high, compared exactly, so a server that sends them the other way still draws a band). One wallet: its own
 * balances in its currency; the contract carries no band per wallet, so none is drawn.
 */
export function chartPoints(forecast: Forecast, view: ForecastView): ForecastPoint[] {
  if (view !== 'all') {
    const wallet = forecast.wallets.find((each) => each.currency === view);
    if (!wallet) return [];
    return forecast.days.map((day, index) => {
      const balance = wallet.balances[index] ?? '0';
      return {
        date: day.date,
        expected: plotValue(balance),
        band: null,
        expectedText: formatBalance(balance, view),
        bestText: null,
        worstText: null,
      };
    });
  }
  const home = forecast.homeCurrency;
  return forecast.days.map((day) => {
    const best = signedMoney(day.best, home);
    const worst = signedMoney(day.worst, home);
    const [low, high] =
      best && worst && best.compare(worst) < 0 ? [day.best, day.worst] : [day.worst, day.best];
    return {
      date: day.date,
      expected: plotValue(day.expected),
      band: [plotValue(low), plotValue(high)],
      expectedText: formatBalance(day.expected, home),
      bestText: formatBalance(day.best, home),
      worstText: formatBalance(day.worst, home),
    };
  });
}

/** For screen readers, the line in words: where it starts, ends and is lowest. */
export function lineSummary(points: readonly ForecastPoint[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return '';
  const lowest = points.reduce((low, point) => (point.expected < low.expected ? point : low), first);
  return (
    `Expected balance ${first.expectedText} today, ${last.expectedText} on ${formatDay(last.date, 'short')}; ` +
    `lowest ${lowest.expectedText} on ${formatDay(lowest.date, 'short')}.`
  );
}

/**
 * The y-axis: round ticks (1, 2 or 5 times a power of ten apart) from below the lowest to above the highest
 * drawn value, zero and the floor included so the line is seen against both. A flat line gets room around it.
 */
export function yAxis(
  points: readonly ForecastPoint[],
  floor = 0,
): { domain: [number, number]; ticks: number[] } {
  const values = [0, floor, ...points.flatMap((point) => [point.expected, ...(point.band ?? [])])];
  let min = Math.min(...values);
  let max = Math.max(...values);
  if (max === min) {
    const room = Math.max(Math.abs(max), 1);
    [min, max] = [Math.min(min - room, 0), max + room];
  }
  const rough = (max - min) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((each) => each * power >= rough) ?? 10) * power;
  const low = Math.floor(min / step) * step;
  const high = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  // Integer steps from `low` keep the ticks free of float drift (0.1 + 0.2).
  for (let n = 0; low + n * step <= high + step / 2; n += 1)
    ticks.push(Number((low + n * step).toPrecision(12)));
  return { domain: [low, high], ticks };
}

/** "USD would go below zero on May 3, 2027: Rent to landlord@example.com". */
export function warningSentence(warning: ForecastWarning): string {
  const under =
    warning.kind === 'below_zero' ? 'zero' : `its floor of ${formatBalance(warning.floor, warning.currency)}`;
  const day = formatDay(warning.date, 'short');
  return `${warning.currency} would go below ${under} on ${day}: ${warning.cause}`;
}

/** One invoice's detail, opened by the Invoices page from its address. */
export const invoiceHref = (id: string) => `/invoices?invoice=${encodeURIComponent(id)}`;

/** The scheduled payments list, where a payment is moved. */
export const SCHEDULED_PAYMENTS_PATH = '/transfer/scheduled';

/** Where a fix is done: the invoice to chase, or the scheduled payments list for one to move. */
export const fixHref = (fix: ForecastWarning['fixes'][number]) =>
  fix.kind === 'chase_invoice' ? invoiceHref(fix.sourceId) : SCHEDULED_PAYMENTS_PATH;

const timestampFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** "Nov 27, 2026, 07:15 UTC" from a timestamp; a bare day reads as the day. */
export function formatRatesAsOf(iso: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return formatDay(iso, 'short');
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${timestampFormat.format(at)} UTC`;
}
