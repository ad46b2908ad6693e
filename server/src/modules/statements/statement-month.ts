/**
 * Statement months are UTC calendar months, named "YYYY-MM". Timestamps are ISO-8601 UTC text everywhere in
 * Meridian, so a month is the half-open range of text [monthStart(m), monthStart(next(m))).
 */

export const monthStart = (month: string) => `${month}-01T00:00:00.000Z`;

export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

export const monthOf = (iso: string) => iso.slice(0, 7);

export const currentMonth = (now = new Date()) => monthOf(now.toISOString());

/** Every month from `first` to `last`, both included, oldest first. */
export function monthsFrom(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last; month = nextMonth(month)) months.push(month);
  return months;
}

/** The month's last instant as a date ("2026-10-31"), for formats that name the end day. */
export function lastDay(month: string): string {
  const end = new Date(Date.parse(monthStart(nextMonth(month))) - 1);
  return end.toISOString().slice(0, 10);
}
