import { describe, expect, it } from 'vitest';
import { detectSubscriptions, nextCharges, type MonthOfCharges } from './subscriptions';

/** One month of a merchant's charges: `charges` of them, the latest on `day`. */
const month = (merchantKey: string, day: string, charges = 1): MonthOfCharges => ({
  merchantKey,
  currency: 'USD',
  month: day.slice(0, 7),
  charges,
  lastAt: `${day}T10:00:00.000Z`,
});
const today = '2027-05-20';

describe('detected subscriptions', () => {
  it('is a merchant that charged once in each of the last three months, on days at most three apart', () => {
    const found = detectSubscriptions(
      [month('figma', '2027-02-14'), month('figma', '2027-03-12'), month('figma', '2027-04-15')],
      today,
    );
    expect(found).toEqual([
      { merchantKey: 'figma', currency: 'USD', last: '2027-04-15', lastAt: '2027-04-15T10:00:00.000Z' },
    ]);
    expect(nextCharges(found[0]!.last, today, '2027-08-01')).toEqual([
      '2027-05-20',
      '2027-06-15',
      '2027-07-15',
    ]);
  });

  it('is not a shop visited every week, two months of charges, a gap, days far apart, or one that stopped', () => {
    expect(
      detectSubscriptions(
        [
          month('grocer', '2027-03-24', 4),
          month('grocer', '2027-04-28', 4),
          month('grocer', '2027-05-12', 2),
          month('two', '2027-04-10'),
          month('two', '2027-05-10'),
          month('gap', '2027-02-10'),
          month('gap', '2027-03-10'),
          month('gap', '2027-05-10'),
          month('drift', '2027-03-01'),
          month('drift', '2027-04-09'),
          month('drift', '2027-05-05'),
          month('stopped', '2027-01-10'),
          month('stopped', '2027-02-10'),
          month('stopped', '2027-03-10'),
        ],
        today,
      ),
    ).toEqual([]);
  });

  it('keeps a charge on the 31st on the last day of shorter months', () => {
    const [found] = detectSubscriptions(
      [month('rentals', '2027-01-31'), month('rentals', '2027-02-28'), month('rentals', '2027-03-31')],
      '2027-04-02',
    );
    expect(nextCharges(found!.last, '2027-04-02', '2027-06-30')).toEqual([
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
    ]);
  });
});
