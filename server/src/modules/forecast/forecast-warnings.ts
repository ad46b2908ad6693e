import type { Currency } from '@contract/currencies';
import { formatDay } from '@contract/dates';
import type { ForecastWarning } from '@contract/forecast';
import { displayMoney, formatAmount, Money } from '@contract/money';
import type { Planned } from './forecast-plan';

export interface WalletLine {
  currency: Currency;
  floor: bigint;
  /** Expected balance at the end of each day. */
  balances: bigint[];
}

/**
 * A wallet's warnings on the expected line: the first day it ends below its floor (when it has one) and the
 * first day it ends below zero; one day for both when they are the same day, told as below zero. The cause is
 * that day's largest outgoing item of the wallet (none on that day: the balance it starts with). The fixes:
 * open invoices due by that day but expected after it, to chase, those that alone cover the gap first, then by
 * size; scheduled payments from today to that day, to move, largest first.
 */
export function warningsOf(line: WalletLine, days: string[], items: Planned[]): ForecastWarning[] {
  const belowZero = line.balances.findIndex((balance) => balance < 0n);
  const belowFloor = line.floor > 0n ? line.balances.findIndex((balance) => balance < line.floor) : -1;
  const found: { index: number; kind: ForecastWarning['kind']; floor: bigint }[] = [];
  if (belowFloor >= 0 && (belowZero < 0 || belowFloor < belowZero)) {
    found.push({ index: belowFloor, kind: 'below_floor', floor: line.floor });
  }
  if (belowZero >= 0) found.push({ index: belowZero, kind: 'below_zero', floor: 0n });
  const own = items.filter((item) => item.currency === line.currency);
  return found.map(({ index, kind, floor }) => {
    const date = days[index]!;
    const balance = line.balances[index]!;
    return {
      currency: line.currency,
      date,
      kind,
      balance: formatAmount(balance, line.currency),
      floor: formatAmount(floor, line.currency),
      cause: causeOf(own, date),
      fixes: [...chases(own, date, floor - balance), ...moves(own, line, days, date, floor)],
    };
  });
}

function causeOf(items: Planned[], date: string): string {
  const outgoing = items
    .filter((item) => item.date === date && item.amount < 0n)
    .sort((a, b) => (a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0));
  return outgoing[0]?.label ?? "Today's balance";
}

function chases(items: Planned[], date: string, gap: bigint): ForecastWarning['fixes'] {
  const late = items.filter((item) => item.chase && item.chase.due <= date && item.date > date);
  const covers = (item: Planned) => item.amount >= gap;
  late.sort((a, b) => {
    if (covers(a) !== covers(b)) return covers(a) ? -1 : 1;
    return a.amount > b.amount ? -1 : a.amount < b.amount ? 1 : 0;
  });
  return late.map((item) => ({ kind: 'chase_invoice', label: item.chase!.label, sourceId: item.sourceId! }));
}

/**
 * A payment moved later lifts every day from its date to its new one by its amount: it fixes this warning
 * when moved to the first day the wallet is back at its floor (whose balance already counts the payment).
 * Not back within the window: "later".
 */
function moves(
  items: Planned[],
  line: WalletLine,
  days: string[],
  date: string,
  floor: bigint,
): ForecastWarning['fixes'] {
  const from = days.indexOf(date);
  const back = line.balances.findIndex((balance, index) => index > from && balance >= floor);
  const until = back > 0 ? days[back - 1]! : null;
  const payments = items
    .filter((item) => item.movable && item.amount < 0n && item.date <= date)
    .sort((a, b) => (a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0));
  return payments.map((item) => {
    const what = `${item.label} (${displayMoney(Money.of(-item.amount, item.currency))} on ${formatDay(item.date, 'short')})`;
    return {
      kind: 'move_payment',
      label: until ? `Move ${what} to after ${formatDay(until, 'short')}` : `Move ${what} later`,
      sourceId: item.sourceId!,
    };
  });
}
