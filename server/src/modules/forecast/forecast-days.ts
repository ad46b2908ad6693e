import { addDays } from '@contract/invoice-schedules';

/** Whole UTC days, as the forecast counts them ("2027-03-31"). */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const daysIn = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/**
 * The same day of the month `months` months later (or earlier, negative), kept inside shorter months: from
 * 31 January one month on is 28 (or 29) February. Counted from `date` each time, as schedules count.
 */
export function monthsAfter(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12;
  const targetDay = Math.min(day, daysIn(targetYear, targetMonth));
  return new Date(Date.UTC(targetYear, targetMonth, targetDay)).toISOString().slice(0, 10);
}

/** The forecast's days: `count` days from `from`, each the end of that day. */
export const windowDays = (from: string, count: number) =>
  Array.from({ length: count }, (_, index) => addDays(from, index));

/** `date`, or `today` when it is already past: what is late is expected now, not in the past. */
export const notBefore = (date: string, today: string) => (date < today ? today : date);
