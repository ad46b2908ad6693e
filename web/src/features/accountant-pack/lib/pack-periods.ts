import { ACCOUNTANT_PACK_MAX_DAYS, daysInPeriod, type AccountantPackPeriod } from '@contract/accountant-pack';

export const packPeriodChoices = ['this-quarter', 'last-quarter', 'this-tax-year', 'custom'] as const;
export type PackPeriodChoice = (typeof packPeriodChoices)[number];

export const packPeriodLabels: Record<PackPeriodChoice, string> = {
  'this-quarter': 'This quarter',
  'last-quarter': 'Last quarter',
  'this-tax-year': 'This tax year',
  custom: 'Custom dates',
};

const day = (year: number, monthIndex: number, date: number) =>
  new Date(Date.UTC(year, monthIndex, date)).toISOString().slice(0, 10);

/**
 * The days a choice covers on `today` (calendar days in UTC, as the server reads them). Quarters are calendar
 * quarters; the tax year starts on `taxYearStart` (month 1–12 and day), 1 January unless the owner's tax
 * profile says otherwise, and runs a year from there. The current ones end on their last day, not today: a
 * pack made before the end simply has nothing yet for the days to come.
 */
export function packPeriodOf(
  choice: Exclude<PackPeriodChoice, 'custom'>,
  today: Date,
  taxYearStart: { month: number; day: number } = { month: 1, day: 1 },
): AccountantPackPeriod {
  const year = today.getUTCFullYear();
  const quarter = Math.floor(today.getUTCMonth() / 3);
  if (choice === 'this-quarter')
    return { from: day(year, quarter * 3, 1), to: day(year, quarter * 3 + 3, 0) };
  if (choice === 'last-quarter')
    return { from: day(year, quarter * 3 - 3, 1), to: day(year, quarter * 3, 0) };
  const startThisYear = day(year, taxYearStart.month - 1, taxYearStart.day);
  const startYear = today.toISOString().slice(0, 10) >= startThisYear ? year : year - 1;
  return {
    from: day(startYear, taxYearStart.month - 1, taxYearStart.day),
    to: day(startYear + 1, taxYearStart.month - 1, taxYearStart.day - 1),
  };
}

/** What is wrong with custom dates, as the server would say it, or null when they make a pack. */
export function customPeriodProblem({ from, to }: { from: string; to: string }): string | null {
  if (!from || !to) return 'Choose both dates.';
  if (to < from) return 'The end date must not be before the start date.';
  if (daysInPeriod(from, to) > ACCOUNTANT_PACK_MAX_DAYS) return 'A pack covers at most two years.';
  return null;
}
