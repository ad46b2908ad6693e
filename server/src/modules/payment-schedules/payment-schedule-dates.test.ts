import { describe, expect, it } from 'vitest';
import { periodKey } from './payment-run-keys';
import { positionFrom } from './payment-schedule-dates';

describe('payment schedule dates', () => {
  const monthly = { first_date: '2027-01-31', cadence: 'month' as const, end_date: null };

  it('counts months from the first date: the 31st falls on a shorter month’s last day, then on the 31st', () => {
    const dates = [0, 1, 2, 3].map((index) => positionFrom(monthly, index).next_date);
    expect(dates).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
  });

  it('skips the dates before a resume day but not that day itself, and finishes at the end date', () => {
    const weekly = { first_date: '2027-01-04', cadence: 'week' as const, end_date: '2027-02-01' };
    expect(positionFrom(weekly, 1, '2027-01-18')).toEqual({
      next_index: 2,
      next_date: '2027-01-18',
      finished: false,
      skipped: ['2027-01-11'],
    });
    expect(positionFrom(weekly, 1, '2027-01-19')).toMatchObject({
      next_date: '2027-01-25',
      skipped: ['2027-01-11', '2027-01-18'],
    });
    expect(positionFrom(weekly, 5)).toMatchObject({ next_date: null, finished: true });
    const once = { first_date: '2027-01-04', cadence: 'once' as const, end_date: null };
    expect(positionFrom(once, 1)).toMatchObject({ next_date: null, finished: true });
    expect(positionFrom(once, 0, '2027-02-01')).toMatchObject({
      next_date: null,
      finished: true,
      skipped: ['2027-01-04'],
    });
  });

  it('derives one UUID per schedule and period: the same every time, another for another period', () => {
    const key = periodKey('schedule-1', '2027-01-31');
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(periodKey('schedule-1', '2027-01-31')).toBe(key);
    expect(periodKey('schedule-1', '2027-02-28')).not.toBe(key);
    expect(periodKey('schedule-2', '2027-01-31')).not.toBe(key);
  });
});
