import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { SavingsGoal } from '@contract/goals';
import { formatAmount, Money } from '@contract/money';
import { valueIn } from '@contract/pricing';
import {
  estimatedTaxMinor,
  estimateDates,
  nextEstimateDate,
  ratePercentOf,
  TAX_DISCLAIMER,
  taxableMinor,
  taxYearOf,
  type TaxEstimate,
} from '@contract/tax';
import { TOTALS_VALUATION_NOTE } from '@contract/categories';
import type { Database } from '../../db/schema';
import { categoryTotals } from '../categories/categories';
import { quotedRate } from '../fx/fx-math';
import type { RateSource } from '../fx/rate-source';
import { countryOf, type TaxProfileRow, yearStartOf } from './tax.mapper';
import { taxGoalOf } from './tax-goal';

export interface EstimateDeps {
  db: Kysely<Database>;
  rates: RateSource;
}

/**
 * This tax year so far, from its first day to today (UTC): income and deductible expenses come from the
 * categories module's totals in the home currency (the categories decide what counts, not this module);
 * taxable = income − deductible, never below zero; the tax = taxable × rate, rounded up (contract/tax.ts).
 * The tax goal's balance is converted to the home currency at today's rate (half up, as every valuation).
 */
export async function estimateFor(
  deps: EstimateDeps,
  input: { userId: string; home: Currency; profile: TaxProfileRow; goals: SavingsGoal[]; today: string },
): Promise<TaxEstimate> {
  const { userId, home, profile, today } = input;
  const start = yearStartOf(profile);
  const year = taxYearOf(today, start);
  const totals = await categoryTotals(deps, userId, home, { from: year.from, to: today });
  const taxable = taxableMinor(totals.income, totals.deductibleExpenses);
  const rateBps = BigInt(profile.rate_bps);
  const tax = estimatedTaxMinor(taxable, rateBps);

  const found = taxGoalOf(profile, input.goals);
  const goal = found ? await goalInHome(deps.rates, found.goal, found.chosen, home) : null;
  const setAside = goal ? goal.inHome : 0n;
  const country = countryOf(profile);
  return {
    currency: home,
    taxYear: { from: year.from, to: today, ends: year.ends },
    income: formatAmount(totals.income, home),
    deductibleExpenses: formatAmount(totals.deductibleExpenses, home),
    taxable: formatAmount(taxable, home),
    ratePercent: ratePercentOf(rateBps),
    estimatedTax: formatAmount(tax, home),
    goal: goal?.view ?? null,
    setAside: formatAmount(setAside, home),
    shortfall: formatAmount(tax > setAside ? tax - setAside : 0n, home),
    surplus: formatAmount(setAside > tax ? setAside - tax : 0n, home),
    dates: estimateDates(year.startYear, start, country),
    nextDate: nextEstimateDate(today, start, country),
    valuationNote: TOTALS_VALUATION_NOTE,
    disclaimer: TAX_DISCLAIMER,
  };
}

async function goalInHome(rates: RateSource, goal: SavingsGoal, chosen: boolean, home: Currency) {
  const holds = Money.parse(goal.currentAmount, goal.currency);
  let inHome = holds.minor;
  let rate: string | null = null;
  if (goal.currency !== home) {
    rate = (await rates.getRate(goal.currency, home)).rate;
    inHome = valueIn(holds, home, quotedRate(rate)).minor;
  }
  return {
    inHome,
    view: {
      id: goal.id,
      title: goal.title,
      chosen,
      currency: goal.currency,
      holds: goal.currentAmount,
      holdsInHome: formatAmount(inHome, home),
      rate,
    },
  };
}
