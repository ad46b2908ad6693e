import { describe, expect, it } from 'vitest';
import { detectSubscriptions, nextCharges, type CardCharge } from './subscriptions';

const charge = (merchant: string, day: string, amount = 1500n): CardCharge => ({
  merchant,
  currency: 'USD',
  amount,
  at: `${day}T10:00:00.000Z`,
});
const today = '2027-05-20';

describe('detected subscriptions', () => {
  it('is a merchant that charged once in each of the last three months, on days at most three apart', () => {
    const found = detectSubscriptions(
      [
        charge('Figma', '2027-02-14', 1200n),
        charge('figma ', '2027-03-12'),
        charge('Figma', '2027-04-15', 1800n),
      ],
      today,
    );
    expect(found).toEqual([{ merchant: 'Figma', currency: 'USD', amount: 1800n, last: '2027-04-15' }]);
    expect(nextCharges(found[0]!, today, '2027-08-01')).toEqual(['2027-05-20', '2027-06-15', '2027-07-15']);
  });

  it('is not a shop visited every week, two months of charges, days far apart, or one that stopped', () => {
    const weekly = ['2027-03-03', '2027-03-10', '2027-04-07', '2027-04-14', '2027-05-05', '2027-05-12'];
    expect(
      detectSubscriptions(
        [
          ...weekly.map((day) => charge('Grocer', day)),
          charge('Two', '2027-04-10'),
          charge('Two', '2027-05-10'),
          charge('Drift', '2027-03-01'),
          charge('Drift', '2027-04-09'),
          charge('Drift', '2027-05-05'),
          charge('Stopped', '2027-01-10'),
          charge('Stopped', '2027-02-10'),
          charge('Stopped', '2027-03-10'),
        ],
        today,
      ),
    ).toEqual([]);
  });

  it('keeps a charge on the 31st on the last day of shorter months', () => {
    const [found] = detectSubscriptions(
      [charge('Rentals', '2027-01-31'), charge('Rentals', '2027-02-28'), charge('Rentals', '2027-03-31')],
      '2027-04-02',
    );
    expect(nextCharges(found!, '2027-04-02', '2027-06-30')).toEqual([
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
    ]);
  });
});
