import { z } from 'zod';
import { currencySchema } from './currencies';
import { shareRoundedUp } from './pricing';

/**
 * The tax profile and the tax estimate (GET|PUT /api/tax/profile, GET /api/tax/estimate). Everything here is
 * an estimate, not advice: the rate is the user's to set, the presets only fill the form with a clearly
 * simplified starting point.
 */
export const TAX_DISCLAIMER =
  'This is an estimate, not tax advice: it applies the rate you set to what Meridian saw this tax year. ' +
  'Check what you owe with your tax office or an accountant.';

/** Reminders go out this many days before each quarterly estimate date. */
export const REMINDER_DAYS_BEFORE = 7;

/** A day of the year (no year): the tax year's start, or a known payment date. */
export interface MonthDay {
  month: number;
  day: number;
}

/**
 * A preset fills the profile with a simplified flat rate and the country's tax year start. `dates`: the
 * country's known estimate-payment days, each with the year it falls in counted from the tax year's start
 * (0 the same calendar year, 1 the next); without them the dates are the end of each quarter of the tax year.
 */
export interface TaxPreset {
  name: string;
  ratePercent: string;
  yearStart: MonthDay;
  dates?: (MonthDay & { yearOffset: 0 | 1 })[];
}

export const taxPresets = {
  US: {
    name: 'United States',
    ratePercent: '25',
    yearStart: { month: 1, day: 1 },
    dates: [
      { month: 4, day: 15, yearOffset: 0 },
      { month: 6, day: 15, yearOffset: 0 },
      { month: 9, day: 15, yearOffset: 0 },
      { month: 1, day: 15, yearOffset: 1 },
    ],
  },
  GB: { name: 'United Kingdom', ratePercent: '20', yearStart: { month: 4, day: 6 } },
  DE: {
    name: 'Germany',
    ratePercent: '30',
    yearStart: { month: 1, day: 1 },
    dates: [
      { month: 3, day: 10, yearOffset: 0 },
      { month: 6, day: 10, yearOffset: 0 },
      { month: 9, day: 10, yearOffset: 0 },
      { month: 12, day: 10, yearOffset: 0 },
    ],
  },
  FR: { name: 'France', ratePercent: '25', yearStart: { month: 1, day: 1 } },
  CA: {
    name: 'Canada',
    ratePercent: '25',
    yearStart: { month: 1, day: 1 },
    dates: [
      { month: 3, day: 15, yearOffset: 0 },
      { month: 6, day: 15, yearOffset: 0 },
      { month: 9, day: 15, yearOffset: 0 },
      { month: 12, day: 15, yearOffset: 0 },
    ],
  },
} as const satisfies Record<string, TaxPreset>;
export type TaxCountry = keyof typeof taxPresets;
export const taxCountries = Object.keys(taxPresets) as TaxCountry[];

/** A rate as the user types it: a percentage 0–100 with at most two decimals ("25", "22.5"). */
const RATE = /^\d{1,3}(\.\d{1,2})?$/;
export const ratePercentSchema = z
  .string({ error: 'Rate is required' })
  .regex(RATE, 'Rate must be a percentage such as 25 or 22.5')
  // zod runs a refinement even after the regex failed: only a well-formed rate is compared.
  .refine((text) => !RATE.test(text) || rateBasisPoints(text) <= 10_000n, 'Rate can be at most 100%');

/** "22.5" → 2250n basis points (hundredths of a percent). The schema has checked the text. */
export function rateBasisPoints(percent: string): bigint {
  const [whole = '0', fraction = ''] = percent.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** 2250n → "22.5", 2500n → "25": the wire form of a stored rate. */
export function ratePercentOf(basisPoints: bigint): string {
  const fraction = (basisPoints % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${basisPoints / 100n}${fraction ? `.${fraction}` : ''}`;
}

/** Days in a month of a year with 28 February: the tax year's start is never 29 February. */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const yearStartSchema = z
  .object({
    month: z
      .number({ error: 'Month must be 1–12' })
      .int('Month must be 1–12')
      .min(1, 'Month must be 1–12')
      .max(12, 'Month must be 1–12'),
    day: z
      .number({ error: 'Day must be a whole number' })
      .int('Day must be a whole number')
      .min(1, 'Day must be at least 1'),
  })
  .refine((start) => start.day <= (DAYS_IN_MONTH[start.month - 1] ?? 0), {
    message: 'That day is not in that month (29 February is not allowed)',
    path: ['day'],
  });

/**
 * PUT /api/tax/profile → 200 TaxProfile. `country`: a preset's code, or null for a flat rate of the user's own.
 * `goalId`: the set-aside goal that saves for tax; null lets the estimate use the one set-aside goal when
 * there is exactly one.
 */
export const taxProfileBodySchema = z.object({
  country: z
    .enum(taxCountries as [TaxCountry, ...TaxCountry[]], {
      error: `country must be one of ${taxCountries.join(', ')} or null`,
    })
    .nullable(),
  ratePercent: ratePercentSchema,
  yearStart: yearStartSchema,
  goalId: z.string().min(1).max(100).nullable().default(null),
});
export type TaxProfileBody = z.output<typeof taxProfileBodySchema>;

export const taxProfileSchema = z.object({
  country: z.enum(taxCountries as [TaxCountry, ...TaxCountry[]]).nullable(),
  ratePercent: z.string(),
  yearStart: z.object({ month: z.number().int(), day: z.number().int() }),
  goalId: z.string().nullable(),
  updatedAt: z.string(),
});
export type TaxProfile = z.infer<typeof taxProfileSchema>;

/** GET /api/tax/profile: null until the user sets one up. */
export const taxProfileAnswerSchema = z.object({ profile: taxProfileSchema.nullable() });

/** The set-aside goal the estimate compares with, and what it holds in its own and the home currency. */
export const taxGoalSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** true: chosen in the profile; false: guessed, as the only goal with a set-aside. */
  chosen: z.boolean(),
  currency: currencySchema,
  holds: z.string(),
  holdsInHome: z.string(),
  /** When the goal is in another currency: the rate used (1 goal currency = `rate` home), today's. */
  rate: z.string().nullable(),
});

export const taxEstimateSchema = z.object({
  currency: currencySchema,
  /** This tax year: its first day, today (the last day counted) and its last day, UTC calendar days. */
  taxYear: z.object({ from: z.string(), to: z.string(), ends: z.string() }),
  income: z.string(),
  deductibleExpenses: z.string(),
  /** income − deductible expenses, never below zero. */
  taxable: z.string(),
  ratePercent: z.string(),
  /** taxable × rate, rounded up to the minor unit (see estimatedTaxMinor). */
  estimatedTax: z.string(),
  goal: taxGoalSchema.nullable(),
  /** What the tax goal holds, in the home currency ("0.00" without a goal). */
  setAside: z.string(),
  /** estimated tax − set aside when positive, else "0.00"; surplus the other way round. */
  shortfall: z.string(),
  surplus: z.string(),
  /** This tax year's four estimate dates, and the next one from today (it may be in the next tax year). */
  dates: z.array(z.string()),
  nextDate: z.string(),
  valuationNote: z.string(),
  disclaimer: z.string(),
});
export type TaxEstimate = z.infer<typeof taxEstimateSchema>;

/** GET /api/tax/estimate: the profile and the estimate, both null until a profile is set up. */
export const taxEstimateAnswerSchema = z.object({
  profile: taxProfileSchema.nullable(),
  estimate: taxEstimateSchema.nullable(),
});
export type TaxEstimateAnswer = z.infer<typeof taxEstimateAnswerSchema>;

/**
 * The one rounding rule of the estimate: taxable × rate, rounded UP to the minor unit, so the estimate never
 * says a cent less than the rate gives (owing a cent more is safer than being a cent short). Negative taxable
 * income counts as zero.
 */
export function estimatedTaxMinor(taxableMinor: bigint, rateBasisPoints: bigint): bigint {
  if (taxableMinor <= 0n || rateBasisPoints <= 0n) return 0n;
  return shareRoundedUp(taxableMinor, rateBasisPoints);
}

/** income − deductible expenses, never below zero. */
export const taxableMinor = (incomeMinor: bigint, deductibleMinor: bigint) =>
  incomeMinor > deductibleMinor ? incomeMinor - deductibleMinor : 0n;

// ---- Tax years and estimate dates, in UTC calendar days ("2027-04-06") ----

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The day `months` months after year-month-day, kept inside the month (31 January + 1 month → 28/29 February). */
function addMonths(year: number, month: number, day: number, months: number): string {
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return dayText(y, m, Math.min(day, daysIn(y, m)));
}

/** The tax year `today` falls in: its first and last day. */
export function taxYearOf(today: string, start: MonthDay): { from: string; ends: string; startYear: number } {
  const year = Number(today.slice(0, 4));
  const startThisYear = dayText(year, start.month, start.day);
  const startYear = today >= startThisYear ? year : year - 1;
  const from = dayText(startYear, start.month, start.day);
  const next = dayText(startYear + 1, start.month, start.day);
  const ends = new Date(Date.parse(`${next}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { from, ends, startYear };
}

/**
 * The four estimate dates of the tax year starting in `startYear`: the country's known dates when the profile
 * keeps the country's own year start, else the last day of each quarter of the tax year.
 */
export function estimateDates(startYear: number, start: MonthDay, country: TaxCountry | null): string[] {
  const preset: TaxPreset | null = country ? taxPresets[country] : null;
  if (preset?.dates && preset.yearStart.month === start.month && preset.yearStart.day === start.day) {
    return preset.dates.map((date) => dayText(startYear + date.yearOffset, date.month, date.day));
  }
  return [3, 6, 9, 12].map((months) => {
    const nextQuarter = addMonths(startYear, start.month, start.day, months);
    return new Date(Date.parse(`${nextQuarter}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  });
}

/** The first estimate date on or after `today` (this tax year's, or the next one's). */
export function nextEstimateDate(today: string, start: MonthDay, country: TaxCountry | null): string {
  const { startYear } = taxYearOf(today, start);
  const candidates = [startYear - 1, startYear, startYear + 1].flatMap((year) =>
    estimateDates(year, start, country),
  );
  return candidates.filter((date) => date >= today).sort()[0]!;
}

/** The day `days` days after (or before, negative) a calendar day. */
export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
