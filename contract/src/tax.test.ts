import { describe, expect, it } from 'vitest';
import {
  estimatedTaxMinor,
  estimateDates,
  nextEstimateDate,
  rateBasisPoints,
  ratePercentOf,
  ratePercentSchema,
  taxableMinor,
  taxProfileBodySchema,
  taxYearOf,
} from './tax';

const UK = { month: 4, day: 6 };
const JAN = { month: 1, day: 1 };

describe('the tax estimate rule', () => {
  it('rounds taxable × rate up to the minor unit, never down', () => {
    expect(estimatedTaxMinor(35_000n, 3_333n)).toBe(11_666n); // 116.655 → 116.66
    expect(estimatedTaxMinor(35_000n, 2_500n)).toBe(8_750n); // exact stays exact
    expect(estimatedTaxMinor(1n, 1n)).toBe(1n); // a hundredth of a cent is still a cent
    expect(estimatedTaxMinor(100n, 10_000n)).toBe(100n);
  });

  it('owes nothing on nothing: zero or negative taxable, or a zero rate', () => {
    expect(estimatedTaxMinor(0n, 2_500n)).toBe(0n);
    expect(estimatedTaxMinor(-500n, 2_500n)).toBe(0n);
    expect(estimatedTaxMinor(10_000n, 0n)).toBe(0n);
  });

  it('taxable is income less deductible expenses, never below zero', () => {
    expect(taxableMinor(40_000n, 5_000n)).toBe(35_000n);
    expect(taxableMinor(5_000n, 40_000n)).toBe(0n);
  });

  it('reads and writes rates in basis points', () => {
    expect(rateBasisPoints('22.5')).toBe(2_250n);
    expect(rateBasisPoints('33.33')).toBe(3_333n);
    expect(rateBasisPoints('100')).toBe(10_000n);
    expect(ratePercentOf(2_250n)).toBe('22.5');
    expect(ratePercentOf(2_500n)).toBe('25');
    expect(ratePercentOf(5n)).toBe('0.05');
    for (const bad of ['100.01', '-1', '1.234', '', 'abc', '1e2']) {
      expect(ratePercentSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('refuses a year start that is not a day of the year', () => {
    const body = (month: number, day: number) => ({
      country: null,
      ratePercent: '20',
      yearStart: { month, day },
    });
    expect(taxProfileBodySchema.safeParse(body(2, 29)).success).toBe(false);
    expect(taxProfileBodySchema.safeParse(body(4, 31)).success).toBe(false);
    expect(taxProfileBodySchema.safeParse(body(13, 1)).success).toBe(false);
    expect(taxProfileBodySchema.safeParse(body(4, 6)).success).toBe(true);
  });
});

describe('tax years', () => {
  it('a UK tax year runs from 6 April to 5 April', () => {
    expect(taxYearOf('2027-04-05', UK)).toEqual({ from: '2026-04-06', ends: '2027-04-05', startYear: 2026 });
    expect(taxYearOf('2027-04-06', UK)).toEqual({ from: '2027-04-06', ends: '2028-04-05', startYear: 2027 });
    expect(taxYearOf('2027-01-15', UK).from).toBe('2026-04-06');
  });

  it('a calendar tax year ends on 31 December', () => {
    expect(taxYearOf('2027-12-31', JAN)).toEqual({ from: '2027-01-01', ends: '2027-12-31', startYear: 2027 });
    expect(taxYearOf('2028-01-01', JAN).from).toBe('2028-01-01');
  });

  it('the estimate dates end each quarter of the tax year, or are the country’s own', () => {
    expect(estimateDates(2026, UK, 'GB')).toEqual(['2026-07-05', '2026-10-05', '2027-01-05', '2027-04-05']);
    expect(estimateDates(2027, JAN, null)).toEqual(['2027-03-31', '2027-06-30', '2027-09-30', '2027-12-31']);
    expect(estimateDates(2027, JAN, 'US')).toEqual(['2027-04-15', '2027-06-15', '2027-09-15', '2028-01-15']);
    // A year start of the user's own: the country's dates no longer fit, so the quarters are used.
    expect(estimateDates(2027, { month: 7, day: 1 }, 'US')[0]).toBe('2027-09-30');
    // 31 January + 3 months stays in April's days.
    expect(estimateDates(2027, { month: 1, day: 31 }, null)[0]).toBe('2027-04-29');
  });

  it('the next date is the first on or after today, across the year’s end', () => {
    expect(nextEstimateDate('2027-04-05', UK, 'GB')).toBe('2027-04-05');
    expect(nextEstimateDate('2027-04-06', UK, 'GB')).toBe('2027-07-05');
    expect(nextEstimateDate('2028-01-10', JAN, 'US')).toBe('2028-01-15');
    expect(nextEstimateDate('2027-12-11', JAN, 'DE')).toBe('2028-03-10');
  });
});
