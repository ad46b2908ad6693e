import type { Kysely } from 'kysely';
import {
  builtInCategories,
  isBuiltInCategory,
  MAX_CATEGORY_RULES,
  MAX_OWN_CATEGORIES,
  MAX_TOTALS_DAYS,
  type Category,
  type CategoryKind,
  type CategoryRuleView,
  type CategoryTotals,
  type CategoryTotalsQuery,
  type CreateCategoryRequest,
  type CreateRuleRequest,
  type RuleResult,
  type UpdateCategoryRequest,
  type UpdateRuleRequest,
} from '@contract/categories';
import { formatAmount } from '@contract/money';
import { lockPerUser } from '../../db/per-user-lock';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { RateSource } from '../fx/rate-source';
import { findUser } from '../user/users';
import { builtInList, toCategory, toRule } from './categories.mapper';
import * as repo from './categories.repository';
import { rulePattern } from './categories-sql';
import { categoryTotalsOf, type CategoryFigures } from './category-totals';

export type CategoriesService = ReturnType<typeof createCategoriesService>;

const nameTaken = (name: string) =>
  new AppError('CONFLICT', `You already have a category called ${name}`, {
    name: 'You already have a category with this name',
  });
const builtInNames = new Set(Object.values(builtInCategories).map((category) => category.name.toLowerCase()));

/**
 * The kind of a category the user may file a row under (a built-in or one of their own); any other id is a
 * 400 naming `field`.
 */
export async function kindOfUsableCategory(
  db: Kysely<Database>,
  userId: string,
  id: string,
  field: string,
): Promise<CategoryKind> {
  if (isBuiltInCategory(id)) return builtInCategories[id].kind;
  const own = await repo.findOwnCategory(db, userId, id);
  if (!own) throw invalidFields({ [field]: 'No such category' });
  return own.kind;
}

/** Which rows a rule into a category of this kind may file: money in for income, out for expense or tax. */
const ruleDirection = (kind: CategoryKind) =>
  kind === 'income' ? 'in' : kind === 'own-transfer' ? 'any' : 'out';

/** The user's own categories and rules, and the totals per category. */
export function createCategoriesService(deps: { db: Kysely<Database>; rates: RateSource; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** A rule takes effect now; applied to the past, it also files the matching rows made before it. */
  async function addRule(
    trx: Kysely<Database>,
    userId: string,
    body: { contains: string; categoryId: string; applyToPast: boolean },
    at: string,
  ): Promise<RuleResult> {
    const kind = await kindOfUsableCategory(trx, userId, body.categoryId, 'categoryId');
    const row = {
      id: newId(),
      user_id: userId,
      contains: body.contains,
      pattern: rulePattern(body.contains),
      category_id: body.categoryId,
      direction: ruleDirection(kind),
      created_at: at,
    } as const;
    await repo.insertRule(trx, row);
    const applied = body.applyToPast ? await repo.applyRuleToPast(trx, userId, row) : 0;
    return { rule: toRule({ ...row, retired_at: null }), applied };
  }

  return {
    async list(userId: string): Promise<Category[]> {
      return [...builtInList, ...(await repo.listOwnCategories(db, userId)).map(toCategory)];
    },

    async create(userId: string, body: CreateCategoryRequest): Promise<Category> {
      if (builtInNames.has(body.name.toLowerCase())) throw nameTaken(body.name);
      const at = now().toISOString();
      const row = {
        id: newId(),
        user_id: userId,
        name: body.name,
        name_key: body.name.toLowerCase(),
        kind: body.kind,
        deductible: body.kind === 'expense' && body.deductible ? 1 : 0,
        created_at: at,
        updated_at: at,
      };
      await db.transaction().execute(async (trx) => {
        await lockPerUser(trx, 'categories', userId);
        if ((await repo.countOwnCategories(trx, userId)) >= MAX_OWN_CATEGORIES) {
          throw new AppError(
            'BUSINESS_RULE',
            `You can have at most ${MAX_OWN_CATEGORIES} categories of your own`,
          );
        }
        if (!(await repo.insertCategory(trx, row))) throw nameTaken(body.name);
      });
      return toCategory(row);
    },

    async update(userId: string, id: string, body: UpdateCategoryRequest): Promise<Category> {
      if (isBuiltInCategory(id)) throw new AppError('BUSINESS_RULE', 'Built-in categories cannot be changed');
      if (body.name !== undefined && builtInNames.has(body.name.toLowerCase())) throw nameTaken(body.name);
      const existing = await repo.findOwnCategory(db, userId, id);
      if (!existing) throw notFound('Category');
      if (body.deductible === true && existing.kind !== 'expense') {
        throw invalidFields({ deductible: 'Only an expense can be deductible' });
      }
      const updated = await repo
        .updateCategory(db, userId, id, {
          ...(body.name !== undefined && { name: body.name, name_key: body.name.toLowerCase() }),
          ...(body.deductible !== undefined && { deductible: body.deductible ? 1 : 0 }),
          updated_at: now().toISOString(),
        })
        .catch((error: unknown) => {
          // The unique (user, lower(name)) index: another category already has the new name.
          if (body.name !== undefined && isUniqueViolation(error)) throw nameTaken(body.name);
          throw error;
        });
      if (!updated) throw notFound('Category');
      return toCategory(updated);
    },

    /**
     * The category goes with its rules; rows filed under it (by hand or by a rule) read their guess again,
     * as if it had never been chosen. Built-ins stay.
     */
    async remove(userId: string, id: string): Promise<void> {
      if (isBuiltInCategory(id)) throw new AppError('BUSINESS_RULE', 'Built-in categories cannot be deleted');
      const removed = await db.transaction().execute((trx) => repo.deleteCategory(trx, userId, id));
      if (!removed) throw notFound('Category');
    },

    async rules(userId: string): Promise<CategoryRuleView[]> {
      return (await repo.listStandingRules(db, userId)).map(toRule);
    },

    async createRule(userId: string, body: CreateRuleRequest): Promise<RuleResult> {
      return db.transaction().execute(async (trx) => {
        await lockPerUser(trx, 'category-rules', userId);
        if ((await repo.countStandingRules(trx, userId)) >= MAX_CATEGORY_RULES) {
          throw new AppError('BUSINESS_RULE', `You can have at most ${MAX_CATEGORY_RULES} rules`);
        }
        return addRule(trx, userId, body, now().toISOString());
      });
    },

    /** The old wording retires now and the new one stands from now (a new id): see the contract. */
    async updateRule(userId: string, id: string, body: UpdateRuleRequest): Promise<RuleResult> {
      return db.transaction().execute(async (trx) => {
        const rule = await repo.findStandingRule(trx, userId, id);
        if (!rule) throw notFound('Rule');
        const at = now().toISOString();
        if (!(await repo.retireRule(trx, userId, id, at))) throw notFound('Rule');
        return addRule(
          trx,
          userId,
          {
            contains: body.contains ?? rule.contains,
            categoryId: body.categoryId ?? rule.category_id,
            applyToPast: body.applyToPast,
          },
          at,
        );
      });
    },

    /** The rule stops guessing new rows; rows it guessed keep their category. */
    async removeRule(userId: string, id: string): Promise<void> {
      if (!(await repo.retireRule(db, userId, id, now().toISOString()))) throw notFound('Rule');
    },

    async totals(userId: string, query: CategoryTotalsQuery): Promise<CategoryTotals> {
      const today = now().toISOString().slice(0, 10);
      const from = query.from ?? `${(query.to ?? today).slice(0, 4)}-01-01`;
      const to = query.to ?? (from <= today ? today : from);
      if (from > to) throw invalidFields({ to: 'to must not be before from' });
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      if (days >= MAX_TOTALS_DAYS) throw invalidFields({ to: 'A period can be at most ten years' });
      const user = await findUser(db, userId);
      if (!user) throw notFound('User');
      const totals = await categoryTotalsOf(deps, userId, user.home_currency, { from, to });
      const home = totals.currency;
      const wire = (figures: CategoryFigures) => ({
        ...figures,
        moneyIn: formatAmount(figures.moneyIn, home),
        moneyOut: formatAmount(figures.moneyOut, home),
      });
      return {
        currency: home,
        from,
        to,
        income: formatAmount(totals.income, home),
        expenses: formatAmount(totals.expenses, home),
        deductibleExpenses: formatAmount(totals.deductibleExpenses, home),
        categories: totals.categories.map(wire),
        months: totals.months.map((month) => ({
          month: month.month,
          categories: month.categories.map(wire),
        })),
      };
    },
  };
}
