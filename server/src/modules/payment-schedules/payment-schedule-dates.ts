import { paymentDate } from '@contract/payment-schedules';
import type { PaymentScheduleRow } from '../../db/schema';

/** What decides a schedule's dates and its end. */
export type DateRule = Pick<PaymentScheduleRow, 'first_date' | 'cadence' | 'end_date'>;

/** Today as a UTC day: a schedule's dates are whole days. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** The date of run `index`, or null when there is none (past a one-off, or after the end date). */
export function dateAt(rule: DateRule, index: number): string | null {
  const date = paymentDate(rule.first_date, rule.cadence, index);
  return date === null || (rule.end_date !== null && date > rule.end_date) ? null : date;
}

/**
 * Where a schedule stands once run `index` is the next one, skipping the runs dated before `skipBefore`
 * (those a paused or waiting schedule missed): the next index and date (null: finished) and the dates skipped.
 */
export function positionFrom(rule: DateRule, index: number, skipBefore: string | null = null) {
  const skipped: string[] = [];
  let next = index;
  for (;;) {
    const date = dateAt(rule, next);
    if (date === null) return { next_index: next, next_date: null, finished: true, skipped };
    if (skipBefore === null || date >= skipBefore) {
      return { next_index: next, next_date: date, finished: false, skipped };
    }
    skipped.push(date);
    next += 1;
  }
}
