import type { Kysely } from 'kysely';
import type { Category, CategoryKind } from '@contract/categories';
import type { Currency } from '@contract/currencies';
import { Money, type Rate } from '@contract/money';
import { valueIn } from '@contract/pricing';
import { directionOf, transactionTypes, type TransactionType } from '@contract/transactions';
import type { Database } from '../../db/schema';
import { quotedRate } from '../fx/fx-math';
import type { RateSource } from '../fx/rate-source';
import { builtInList, toCategory } from './categories.mapper';
import { listOwnCategories } from './categories.repository';
import { movementsByCategory, type MovementGroup } from './totals.repository';

/** What one category moved, in minor units of the home currency; both figures positive. */
export interface CategoryFigures {
  categoryId: string;
  name: string;
  kind: CategoryKind;
  deductible: boolean;
  moneyIn: bigint;
  moneyOut: bigint;
}

export interface CategoryTotalsInHome {
  currency: Currency;
  /** The period's calendar days in UTC, both inclusive. */
  from: string;
  to: string;
  /** Categories that moved money in the period, in the order of the category list. */
  categories: CategoryFigures[];
  /** Each UTC month that moved money, oldest first. */
  months: { month: string; categories: CategoryFigures[] }[];
  /** in − out of income categories; out − in of expense categories (all, then the deductible ones). */
  income: bigint;
  expenses: bigint;
  deductibleExpenses: bigint;
}

const DAY_MS = 86_400_000;
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();

/** Valued in the home currency for one call, each currency's rate asked once (today's, see the contract). */
function homeValuer(rates: RateSource, home: Currency) {
  const cache = new Map<Currency, Rate>();
  return async (minor: bigint, currency: Currency): Promise<bigint> => {
    if (currency === home || minor === 0n) return minor;
    let rate = cache.get(currency);
    if (!rate) {
      rate = quotedRate((await rates.getRate(currency, home)).rate);
      cache.set(currency, rate);
    }
    return valueIn(Money.of(minor, currency), home, rate).minor;
  };
}

/**
 * A user's totals per category for a period, in their home currency. A row counts in its category as money
 * in or out by its direction (an exchange: what it took out, and what it brought in); its fee counts in Fees.
 * Invoice payments count at the home value stamped when paid (valued again only if the user has since changed
 * home currency); other currencies at today's rate, rounded half up per category, month and currency.
 */
export async function categoryTotalsOf(
  deps: { db: Kysely<Database>; rates: RateSource },
  userId: string,
  home: Currency,
  period: { from: string; to: string },
): Promise<CategoryTotalsInHome> {
  const { db, rates } = deps;
  const [groups, own] = await Promise.all([
    movementsByCategory(db, userId, `${period.from}T00:00:00.000Z`, dayAfter(period.to)),
    listOwnCategories(db, userId),
  ]);
  const list: Category[] = [...builtInList, ...own.map(toCategory)];
  const known = new Map(list.map((category) => [category.id, category]));
  const toHome = homeValuer(rates, home);

  // month → category id → [in, out]
  const byMonth = new Map<string, Map<string, [bigint, bigint]>>();
  const add = (month: string, categoryId: string, moneyIn: bigint, moneyOut: bigint) => {
    const id = known.has(categoryId) ? categoryId : 'uncategorised';
    const month_ = byMonth.get(month) ?? new Map<string, [bigint, bigint]>();
    byMonth.set(month, month_);
    const figures = month_.get(id) ?? [0n, 0n];
    month_.set(id, [figures[0] + moneyIn, figures[1] + moneyOut]);
  };
  for (const group of groups) await count(group, toHome, add);

  const figuresOf = (totals: Map<string, [bigint, bigint]>): CategoryFigures[] =>
    list
      .filter((category) => totals.has(category.id))
      .map((category) => {
        const [moneyIn, moneyOut] = totals.get(category.id)!;
        const { id, name, kind, deductible } = category;
        return { categoryId: id, name, kind, deductible, moneyIn, moneyOut };
      });
  const months = [...byMonth.keys()].sort().map((month) => ({
    month,
    categories: figuresOf(byMonth.get(month)!),
  }));
  const overall = new Map<string, [bigint, bigint]>();
  for (const totals of byMonth.values()) {
    for (const [id, [moneyIn, moneyOut]] of totals) {
      const sum = overall.get(id) ?? [0n, 0n];
      overall.set(id, [sum[0] + moneyIn, sum[1] + moneyOut]);
    }
  }
  const categories = figuresOf(overall);
  const net = (filter: (figures: CategoryFigures) => boolean, sign: 1n | -1n) =>
    categories.filter(filter).reduce((sum, f) => sum + sign * (f.moneyIn - f.moneyOut), 0n);
  return {
    currency: home,
    from: period.from,
    to: period.to,
    categories,
    months,
    income: net((f) => f.kind === 'income', 1n),
    expenses: net((f) => f.kind === 'expense', -1n),
    deductibleExpenses: net((f) => f.kind === 'expense' && f.deductible, -1n),
  };
}

/** One group of rows into its category (and its fee into Fees), valued in the home currency. */
async function count(
  group: MovementGroup,
  toHome: (minor: bigint, currency: Currency) => Promise<bigint>,
  add: (month: string, categoryId: string, moneyIn: bigint, moneyOut: bigint) => void,
) {
  const type = group.type as TransactionType;
  if (!transactionTypes.includes(type)) throw new Error(`Unknown transaction type: ${group.type}`);
  const amount = group.stamp_currency
    ? await toHome(BigInt(group.stamp_amount ?? 0n), group.stamp_currency)
    : await toHome(BigInt(group.amount ?? 0n), group.currency);
  const direction = directionOf(type);
  if (direction === 'in') add(group.month, group.category, amount, 0n);
  else if (direction === 'out') add(group.month, group.category, 0n, amount);
  else {
    const brought =
      group.to_currency === null ? 0n : await toHome(BigInt(group.converted ?? 0n), group.to_currency);
    add(group.month, group.category, brought, amount);
  }
  const fee = BigInt(group.fee ?? 0n);
  if (fee > 0n) add(group.month, 'fees', 0n, await toHome(fee, group.currency));
}
