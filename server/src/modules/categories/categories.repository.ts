import { sql, type Insertable, type Kysely } from 'kysely';
import { MAX_CATEGORY_RULES, MAX_OWN_CATEGORIES } from '@contract/categories';
import type { CategoriesTable, CategoryRulesTable, Database, TransactionNotesTable } from '../../db/schema';
import { rowCategory, ruleMatches } from './categories-sql';

type Db = Kysely<Database>;

// Own categories ---------------------------------------------------------------------------------------------

export function listOwnCategories(db: Db, userId: string) {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('name_key')
    .limit(MAX_OWN_CATEGORIES)
    .execute();
}

export async function countOwnCategories(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's own category; another user's is simply not found. */
export function findOwnCategory(db: Db, userId: string, id: string) {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Inserts unless the user already has a category of this name; returns whether it was inserted. */
export async function insertCategory(db: Db, row: Insertable<CategoriesTable>): Promise<boolean> {
  const result = await db
    .insertInto('categories')
    .values(row)
    .onConflict((conflict) => conflict.columns(['user_id', 'name_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function updateCategory(
  db: Db,
  userId: string,
  id: string,
  changes: { name?: string; name_key?: string; deductible?: number; updated_at: string },
) {
  return db
    .updateTable('categories')
    .set(changes)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The category goes, and with it what pointed at it: the rules into it and the categories given to rows
 * (those rows read their guess again). Returns whether it was the user's.
 */
export async function deleteCategory(db: Db, userId: string, id: string): Promise<boolean> {
  await db
    .deleteFrom('transaction_categories')
    .where('user_id', '=', userId)
    .where('category_id', '=', id)
    .execute();
  await db.deleteFrom('category_rules').where('user_id', '=', userId).where('category_id', '=', id).execute();
  const result = await db
    .deleteFrom('categories')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

// Rules ------------------------------------------------------------------------------------------------------

/** The rules standing now (not retired), newest first: the first that matches wins. */
export function listStandingRules(db: Db, userId: string) {
  return db
    .selectFrom('category_rules')
    .selectAll()
    .where('user_id', '=', userId)
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_CATEGORY_RULES)
    .execute();
}

export async function countStandingRules(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('category_rules')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('retired_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findStandingRule(db: Db, userId: string, id: string) {
  return db
    .selectFrom('category_rules')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
}

export async function insertRule(db: Db, row: Insertable<CategoryRulesTable>): Promise<void> {
  await db.insertInto('category_rules').values(row).execute();
}

/**
 * The rule stops guessing rows made from `at` on; rows made while it stood keep its guess. Returns whether
 * it was the user's and still standing (two deletes at once: one wins).
 */
export async function retireRule(db: Db, userId: string, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('category_rules')
    .set({ retired_at: at })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * A rule applied to the past: every row of the user made before the rule whose text matches takes its
 * category, unless someone chose that row's category (source 'user'), which always wins. Returns how many.
 */
export async function applyRuleToPast(
  db: Db,
  userId: string,
  rule: { pattern: string; category_id: string; direction: 'in' | 'out' | 'any'; created_at: string },
): Promise<number> {
  const result = await db
    .insertInto('transaction_categories')
    .columns(['transaction_id', 'user_id', 'category_id', 'source', 'set_at'])
    .expression(
      db
        .selectFrom('transactions')
        .select([
          'transactions.id',
          'transactions.user_id',
          sql.val(rule.category_id).as('category_id'),
          sql.val('rule').as('source'),
          sql.val(rule.created_at).as('set_at'),
        ])
        .where('transactions.user_id', '=', userId)
        .where('transactions.created_at', '<', rule.created_at)
        .where(ruleMatches(rule.pattern, rule.direction)),
    )
    .onConflict((conflict) =>
      conflict
        .column('transaction_id')
        .doUpdateSet({
          category_id: (eb) => eb.ref('excluded.category_id'),
          source: 'rule',
          set_at: (eb) => eb.ref('excluded.set_at'),
        })
        .where('transaction_categories.source', '=', 'rule'),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

// A row's category and note ----------------------------------------------------------------------------------

/** The category someone chose for a row; it wins over every guess and every rule. */
export async function chooseRowCategory(
  db: Db,
  row: { transaction_id: string; user_id: string; category_id: string; set_at: string },
): Promise<void> {
  await db
    .insertInto('transaction_categories')
    .values({ ...row, source: 'user' })
    .onConflict((conflict) =>
      conflict
        .column('transaction_id')
        .doUpdateSet({ category_id: row.category_id, source: 'user', set_at: row.set_at }),
    )
    .execute();
}

/** The row reads its guess again. */
export async function forgetRowCategory(db: Db, userId: string, transactionId: string): Promise<void> {
  await db
    .deleteFrom('transaction_categories')
    .where('user_id', '=', userId)
    .where('transaction_id', '=', transactionId)
    .execute();
}

/** The category a row reads now (one row of the user's, or undefined). */
export async function categoryOfRow(db: Db, userId: string, transactionId: string) {
  const found = await db
    .selectFrom('transactions')
    .select(rowCategory.as('category'))
    .where('transactions.user_id', '=', userId)
    .where('transactions.id', '=', transactionId)
    .executeTakeFirst();
  return found?.category;
}

export async function writeNote(db: Db, note: TransactionNotesTable): Promise<void> {
  const { transaction_id: _id, user_id: _user, ...changes } = note;
  await db
    .insertInto('transaction_notes')
    .values(note)
    .onConflict((conflict) => conflict.column('transaction_id').doUpdateSet(changes))
    .execute();
}

export async function deleteNote(db: Db, userId: string, transactionId: string): Promise<void> {
  await db
    .deleteFrom('transaction_notes')
    .where('user_id', '=', userId)
    .where('transaction_id', '=', transactionId)
    .execute();
}
