import { periodDate, type ScheduleFrequency } from '@contract/invoice-schedules';

/** What decides a schedule's periods and its end. */
export interface PeriodRule {
  first_date: string;
  frequency: ScheduleFrequency;
  end_date: string | null;
  end_count: number | bigint | null;
}

/** Today as a UTC day: the periods are whole days. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Where a schedule stands when period `index` is the next one: that period's date, or no date (finished)
 * when the count is used up or the date falls after the end date.
 */
export function positionAt(rule: PeriodRule, index: number) {
  const date = periodDate(rule.first_date, rule.frequency, index);
  const ended =
    (rule.end_count !== null && index >= Number(rule.end_count)) ||
    (rule.end_date !== null && date > rule.end_date);
  return { next_index: index, next_date: ended ? null : date, finished: ended };
}

/** The first period on or after `today` (from `index` on): where a resumed schedule picks up. */
export function firstPeriodFrom(rule: PeriodRule, index: number, today: string) {
  let next = index;
  while (periodDate(rule.first_date, rule.frequency, next) < today) next += 1;
  return next;
}
