import { describe, expect, it } from 'vitest';
import { Money } from '@contract/money';
import { goalFigures } from './goal-figures';

const usd = (text: string) => Money.parse(text, 'USD');
const today = new Date('2026-11-22T15:00:00Z');

describe('goalFigures', () => {
  it('spreads what is missing over the months left, rounded up', () => {
    expect(goalFigures(usd('250.00'), usd('1000.00'), '2027-02-20', today)).toEqual({
      progressPercent: 25,
      daysLeft: 90,
      monthlyNeeded: usd('250.00'),
      reached: false,
    });
    // 100.00 over 2 months (31 days) = 50.00; 100.01 → 50.01 (up).
    expect(goalFigures(usd('0'), usd('100.01'), '2026-12-23', today).monthlyNeeded).toEqual(usd('50.01'));
  });

  it('wants the whole remainder when under a month or past the date, and nothing once reached', () => {
    expect(goalFigures(usd('10.00'), usd('100.00'), '2026-11-30', today).monthlyNeeded).toEqual(usd('90.00'));
    expect(goalFigures(usd('10.00'), usd('100.00'), '2026-11-01', today)).toMatchObject({
      daysLeft: -21,
      monthlyNeeded: usd('90.00'),
    });
    expect(goalFigures(usd('120.00'), usd('100.00'), '2027-01-01', today)).toMatchObject({
      progressPercent: 100,
      monthlyNeeded: usd('0'),
      reached: true,
    });
  });
});
