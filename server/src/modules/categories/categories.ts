import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { Database } from '../../db/schema';
import type { RateSource } from '../fx/rate-source';
import { builtInList } from './categories.mapper';
import { listOwnCategories } from './categories.repository';
import { categoryTotalsOf, type CategoryTotalsInHome } from './category-totals';

/**
 * The categories module's public face, for the tax estimate, the accountant pack and the history:
 * - `categoryTotals`: a user's totals per category for a period, in the home currency, each with its kind and
 *   whether it is deductible (the built-ins' rule is in contract/src/categories.ts);
 * - `rowCategory` and `rowNoteColumns`: SQL a query over `transactions` selects (or filters by) to read each
 *   row's category and note, since neither is stored on the row (why: categories-sql.ts).
 */
export type { CategoryFigures, CategoryTotalsInHome } from './category-totals';
export { rowCategory, rowNoteColumns } from './categories-sql';

/**
 * Totals per category between `from` and `to` (calendar days in UTC, both inclusive), in minor units of
 * `home` (the user's users.home_currency): moneyIn and moneyOut per category, for the period and per month.
 */
export function categoryTotals(
  deps: { db: Kysely<Database>; rates: RateSource },
  userId: string,
  home: Currency,
  period: { from: string; to: string },
): Promise<CategoryTotalsInHome> {
  return categoryTotalsOf(deps, userId, home, period);
}

/** Each category's name by id, built-in and the user's own: what an export writes for a row's category. */
export async function categoryNamesOf(db: Kysely<Database>, userId: string): Promise<Map<string, string>> {
  const own = await listOwnCategories(db, userId);
  return new Map([
    ...builtInList.map((category) => [category.id, category.name] as const),
    ...own.map((row) => [row.id, row.name] as const),
  ]);
}
