import type { Kysely } from 'kysely';
import { parseAmount } from '@contract/money';
import type { TaxEstimateAnswer } from '@contract/tax';
import type { Database } from '../../db/schema';
import * as repo from './forecast.repository';

export interface TaxFace {
  estimate(userId: string): Promise<TaxEstimateAnswer>;
}

/**
 * The tax module's estimate, as the forecast uses it: the next estimate date and the part of the year's tax
 * the tax goal does not hold. The estimate totals the whole tax year of history (hundreds of milliseconds to
 * seconds on a long one), so it is kept in forecast_tax_estimates: the warnings job makes it for every user
 * with a profile and remakes it once a day; a forecast computes it only when none is kept yet (a profile set
 * since the job last ran). A profile changed today shows in the forecast the next day.
 */
export async function taxEstimateFor(db: Kysely<Database>, tax: TaxFace, userId: string, today: string) {
  const kept = await repo.taxEstimateOf(db, userId);
  if (kept) return kept;
  return computeTaxEstimate(db, tax, userId, today);
}

/** Makes or remakes the kept estimate unless it is today's: the warnings job's walk, so requests find it. */
export async function refreshTaxEstimate(db: Kysely<Database>, tax: TaxFace, userId: string, today: string) {
  const kept = await repo.taxEstimateOf(db, userId);
  if (!kept || kept.computed_on < today) await computeTaxEstimate(db, tax, userId, today);
}

async function computeTaxEstimate(db: Kysely<Database>, tax: TaxFace, userId: string, today: string) {
  const { estimate } = await tax.estimate(userId);
  if (!estimate) return null;
  const row = {
    user_id: userId,
    computed_on: today,
    currency: estimate.currency,
    next_date: estimate.nextDate,
    shortfall: parseAmount(estimate.shortfall, estimate.currency),
  };
  await repo.saveTaxEstimate(db, row);
  return row;
}
