import { describe, expect, it } from 'vitest';
import { periodDate } from '@contract/invoice-schedules';
import { firstPeriodFrom, positionAt } from './schedule-periods';

describe('schedule periods', () => {
  it('counts months from the first date, taking the last day of a shorter month', () => {
    const dates = [0, 1, 2, 3, 4].map((n) => periodDate('2027-01-31', 'month', n));
    expect(dates).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(periodDate('2028-01-31', 'month', 1)).toBe('2028-02-29');
    expect(periodDate('2026-11-30', 'quarter', 1)).toBe('2027-02-28');
    expect(periodDate('2026-11-30', 'quarter', 2)).toBe('2027-05-30');
    expect(periodDate('2028-02-29', 'year', 1)).toBe('2029-02-28');
    expect(periodDate('2028-02-29', 'year', 4)).toBe('2032-02-29');
    expect(periodDate('2026-12-28', 'week', 1)).toBe('2027-01-04');
    expect(periodDate('2026-12-15', 'month', 1)).toBe('2027-01-15');
  });

  it('ends after the count or past the end date, and resumes at the first period not yet past', () => {
    const rule = { first_date: '2027-01-31', frequency: 'month' as const, end_date: null, end_count: 3 };
    expect(positionAt(rule, 2)).toEqual({ next_index: 2, next_date: '2027-03-31', finished: false });
    expect(positionAt(rule, 3).finished).toBe(true);
    const dated = { ...rule, end_count: null, end_date: '2027-03-30' };
    expect(positionAt(dated, 1).next_date).toBe('2027-02-28');
    expect(positionAt(dated, 2)).toEqual({ next_index: 2, next_date: null, finished: true });
    expect(firstPeriodFrom(rule, 0, '2027-03-01')).toBe(2);
    expect(firstPeriodFrom(rule, 0, '2027-01-31')).toBe(0);
  });
});
