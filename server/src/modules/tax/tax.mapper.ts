import { ratePercentOf, type TaxCountry, type TaxProfile } from '@contract/tax';
import type { Selectable } from 'kysely';
import type { TaxProfilesTable } from '../../db/schema';

export type TaxProfileRow = Selectable<TaxProfilesTable>;

export const yearStartOf = (row: TaxProfileRow) => ({
  month: Number(row.year_start_month),
  day: Number(row.year_start_day),
});

export const countryOf = (row: TaxProfileRow) => row.country as TaxCountry | null;

export function toTaxProfile(row: TaxProfileRow): TaxProfile {
  return {
    country: countryOf(row),
    ratePercent: ratePercentOf(BigInt(row.rate_bps)),
    yearStart: yearStartOf(row),
    goalId: row.goal_id,
    updatedAt: row.updated_at,
  };
}
