import type { Currency } from '@contract/currencies';
import { FORECAST_ITEMS_PER_DAY, type Forecast, type ForecastItem } from '@contract/forecast';
import { formatAmount, Money, type RateFraction } from '@contract/money';
import { valueIn } from '@contract/pricing';
import { listedItems } from './forecast-day-items';
import { daysBetween } from './forecast-days';
import type { Planned } from './forecast-plan';
import { warningsOf } from './forecast-warnings';

export interface LayoutInput {
  home: Currency;
  days: string[];
  /** Today's balances, in the order the wallets are shown. */
  balances: { currency: Currency; balance: bigint }[];
  floors: Map<Currency, bigint>;
  /** One unit of each currency in the home currency, today's rate (the home currency itself needs none). */
  toHome: Map<Currency, RateFraction>;
  planned: Planned[];
}

type Line = 'date' | 'best' | 'worst';

/**
 * Lays the planned items out on the days: each wallet's balance at the end of each day, per line of the band,
 * and the home-currency figures of each day as the sum of the wallets' balances that day, each valued at
 * today's rate (valueIn, half up: as the dashboard values a wallet). Only the expected line is kept per
 * wallet, and only its items are listed, a crowded day's folded (forecast-day-items.ts).
 */
export function layOut(input: LayoutInput): Omit<Forecast, 'homeCurrency' | 'from' | 'ratesAsOf'> {
  const { home, days, planned } = input;
  const currencies = [...input.balances.map((wallet) => wallet.currency)];
  for (const item of planned) if (!currencies.includes(item.currency)) currencies.push(item.currency);
  const opening = new Map(input.balances.map((wallet) => [wallet.currency, wallet.balance]));

  const running = (currency: Currency, line: Line): bigint[] => {
    const moves = new Array<bigint>(days.length).fill(0n);
    for (const item of planned) {
      const date = item[line];
      if (item.currency !== currency || date === null) continue;
      const index = daysBetween(days[0]!, date);
      if (index >= 0 && index < days.length) moves[index] = moves[index]! + item.amount;
    }
    let balance = opening.get(currency) ?? 0n;
    return moves.map((move) => (balance += move));
  };
  const inHome = (currency: Currency, minor: bigint) => {
    const rate = input.toHome.get(currency);
    if (currency !== home && !rate) throw new Error(`No ${currency} rate for the forecast`);
    return valueIn(Money.of(minor, currency), home, rate ?? { numerator: 1n, denominator: 1n }).minor;
  };
  const homeLine = (line: Line) => {
    const total = new Array<bigint>(days.length).fill(0n);
    for (const currency of currencies) {
      running(currency, line).forEach(
        (balance, index) => (total[index] = total[index]! + inHome(currency, balance)),
      );
    }
    return total;
  };

  const expected = homeLine('date');
  const best = homeLine('best');
  const worst = homeLine('worst');
  const lines = currencies.map((currency) => ({
    currency,
    floor: input.floors.get(currency) ?? 0n,
    balances: running(currency, 'date'),
  }));
  const last = days[days.length - 1]!;
  const shown = planned
    .filter((item) => item.date <= last)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
  return {
    days: days.map((date, index) => ({
      date,
      expected: formatAmount(expected[index]!, home),
      best: formatAmount(best[index]!, home),
      worst: formatAmount(worst[index]!, home),
    })),
    wallets: lines.map((line) => ({
      currency: line.currency,
      floor: formatAmount(line.floor, line.currency),
      balances: line.balances.map((balance) => formatAmount(balance, line.currency)),
    })),
    items: listedItems(shown, FORECAST_ITEMS_PER_DAY, (item) => inHome(item.currency, item.amount)).map(
      (item) => itemOf(item, formatAmount(inHome(item.currency, item.amount), home)),
    ),
    warnings: lines.flatMap((line) => warningsOf(line, days, planned)),
  };
}

function itemOf(item: Planned, homeAmount: string): ForecastItem {
  return {
    id: item.id,
    date: item.date,
    kind: item.kind,
    label: item.label,
    amount: formatAmount(item.amount, item.currency),
    currency: item.currency,
    homeAmount,
    sourceId: item.sourceId,
    latePayer: item.latePayer,
  };
}
