import { z } from 'zod';
import type { MerchantCategory } from './cards';
import { currencySchema } from './currencies';
import { isoDateSchema } from './dates';
import { multiLineText, singleLineText } from './text';
import { transactionSchema, type TransactionType } from './transactions';

/**
 * Categories of the user's books. Every history row has one: the one the user (or an accountant they allowed)
 * set, else the one guessed when the row was made (see `guessFromType` and `guessFromMerchant`, then the
 * user's rules). Built-in categories have fixed ids; the user's own have generated ids.
 */

/**
 * What a category counts as, which the totals and the tax estimate read: `income` is earnings, `expense` is
 * spending (deductible or not), `own-transfer` is money moving between the user's own wallets and goals (never
 * income nor expense), `tax` is tax paid (never deductible).
 */
export const categoryKinds = ['income', 'expense', 'own-transfer', 'tax'] as const;
export type CategoryKind = (typeof categoryKinds)[number];

export const builtInCategoryIds = [
  'income',
  'software',
  'equipment',
  'travel',
  'meals',
  'fees',
  'taxes',
  'transfers',
  'uncategorised',
] as const;
export type BuiltInCategoryId = (typeof builtInCategoryIds)[number];

export interface CategoryRule {
  name: string;
  kind: CategoryKind;
  /** Whether an expense in it lowers taxable income (only ever true for an expense). */
  deductible: boolean;
}

/**
 * The one place the built-ins' kind and deductibility are written (the tax estimate reads them here).
 * "Uncategorised" is an expense that is not deductible: money whose purpose nobody said is not claimed.
 */
export const builtInCategories: Record<BuiltInCategoryId, CategoryRule> = {
  income: { name: 'Income', kind: 'income', deductible: false },
  software: { name: 'Software', kind: 'expense', deductible: true },
  equipment: { name: 'Equipment', kind: 'expense', deductible: true },
  travel: { name: 'Travel', kind: 'expense', deductible: true },
  meals: { name: 'Meals', kind: 'expense', deductible: true },
  fees: { name: 'Fees', kind: 'expense', deductible: true },
  taxes: { name: 'Taxes', kind: 'tax', deductible: false },
  transfers: { name: 'Transfers', kind: 'own-transfer', deductible: false },
  uncategorised: { name: 'Uncategorised', kind: 'expense', deductible: false },
};

export const isBuiltInCategory = (id: string): id is BuiltInCategoryId =>
  (builtInCategoryIds as readonly string[]).includes(id);

/**
 * The guess from the kind of movement: client payments are income, deposits, exchanges and goal moves stay
 * the user's own money (transfers), the card processor's cut is a fee. Money sent and card payments say
 * nothing by their type (a card payment's merchant category is tried first, see `guessFromMerchant`).
 */
export const guessFromType: Record<TransactionType, BuiltInCategoryId> = {
  receive: 'income',
  invoice_payment: 'income',
  deposit: 'transfers',
  exchange: 'transfers',
  savings_deposit: 'transfers',
  savings_withdrawal: 'transfers',
  processing_fee: 'fees',
  send: 'uncategorised',
  card_payment: 'uncategorised',
};

/** The guess from a card payment's merchant category; null where it says nothing about business use. */
export const guessFromMerchant: Record<MerchantCategory, BuiltInCategoryId | null> = {
  software: 'software',
  travel: 'travel',
  transport: 'travel',
  restaurants: 'meals',
  groceries: null,
  entertainment: null,
  gambling: null,
  cash: null,
  other: null,
};

export const MAX_OWN_CATEGORIES = 100;
export const MAX_CATEGORY_RULES = 200;
export const CATEGORY_NAME_MAX = 40;
export const RULE_TEXT_MAX = 60;
export const NOTE_MAX = 1000;

/** A category as the API shows it: built-in or the user's own. */
export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(categoryKinds),
  deductible: z.boolean(),
  builtIn: z.boolean(),
});
export type Category = z.infer<typeof categorySchema>;

/** GET /api/categories → the built-ins (in the order above), then the user's own by name. */
export const categoryListSchema = z.array(categorySchema);

const categoryName = singleLineText(CATEGORY_NAME_MAX, {
  required: 'Category name is required',
  tooLong: `Category name can be at most ${CATEGORY_NAME_MAX} characters`,
});

/** Only an expense can be deductible. */
const deductibleOnlyForExpense = (body: { kind?: string | undefined; deductible?: boolean | undefined }) =>
  !(body.kind === 'income' && body.deductible === true);

/**
 * POST /api/categories → 201 Category. The user's own categories are income or expense (transfers and taxes
 * are built in); a name already in use (built-in or own, ignoring case) is a 409.
 */
export const createCategoryBodySchema = z
  .object({
    name: categoryName,
    kind: z.enum(['income', 'expense'], { error: 'kind must be income or expense' }),
    deductible: z.boolean({ error: 'deductible must be true or false' }).default(false),
  })
  .refine(deductibleOnlyForExpense, { message: 'Only an expense can be deductible', path: ['deductible'] });
export type CreateCategoryRequest = z.output<typeof createCategoryBodySchema>;

/** PATCH /api/categories/{id}: rename an own category, or change whether it is deductible (an expense's). */
export const updateCategoryBodySchema = z
  .object({
    name: categoryName.optional(),
    deductible: z.boolean({ error: 'deductible must be true or false' }).optional(),
  })
  .refine((body) => body.name !== undefined || body.deductible !== undefined, {
    message: 'Say what to change: name or deductible',
  });
export type UpdateCategoryRequest = z.output<typeof updateCategoryBodySchema>;

/**
 * A rule: a history row whose counterparty (name or email) or description contains `contains` (ignoring
 * case) is guessed to be in `categoryId`. Rules apply to rows made after them; the newest matching rule wins.
 * `applyToPast` also sets the category of the user's existing matching rows, except rows whose category the
 * user chose themselves.
 */
export const categoryRuleSchema = z.object({
  id: z.string(),
  contains: z.string(),
  categoryId: z.string(),
  createdAt: z.string(),
});
export type CategoryRuleView = z.infer<typeof categoryRuleSchema>;
export const categoryRuleListSchema = z.array(categoryRuleSchema);

const ruleFields = {
  contains: singleLineText(RULE_TEXT_MAX, {
    required: 'Say what the counterparty or description contains',
    tooLong: `The text can be at most ${RULE_TEXT_MAX} characters`,
  }),
  categoryId: z.string({ error: 'categoryId is required' }).min(1, 'categoryId is required').max(100),
  applyToPast: z.boolean({ error: 'applyToPast must be true or false' }).default(false),
};

/** POST /api/categories/rules → 201 { rule, applied } (`applied`: past rows it categorised). */
export const createRuleBodySchema = z.object(ruleFields);
export type CreateRuleRequest = z.output<typeof createRuleBodySchema>;

/**
 * PATCH /api/categories/rules/{id} → 200 { rule, applied }. A changed rule guesses from now on; rows made
 * before keep what the old wording gave them, so the rule comes back with a new id (and createdAt).
 */
export const updateRuleBodySchema = z
  .object({
    contains: ruleFields.contains.optional(),
    categoryId: ruleFields.categoryId.optional(),
    applyToPast: ruleFields.applyToPast,
  })
  .refine((body) => body.contains !== undefined || body.categoryId !== undefined, {
    message: 'Say what to change: contains or categoryId',
  });
export type UpdateRuleRequest = z.output<typeof updateRuleBodySchema>;

export const ruleResultSchema = z.object({ rule: categoryRuleSchema, applied: z.number().int() });
export type RuleResult = z.infer<typeof ruleResultSchema>;

/** PUT /api/transactions/{id}/category: `null` gives the row back to its guess. */
export const setCategoryBodySchema = z.object({
  category: z.string({ error: 'category is required' }).min(1).max(100).nullable(),
});
export const rowCategorySchema = z.object({ id: z.string(), category: z.string() });

/** A note on a history row: who wrote it (the owner, or their accountant) and when. */
export const noteAuthors = ['owner', 'accountant'] as const;
export type NoteAuthor = (typeof noteAuthors)[number];
export const transactionNoteSchema = z.object({
  text: z.string(),
  writtenBy: z.enum(noteAuthors),
  writtenAt: z.string(),
});
export type TransactionNote = z.infer<typeof transactionNoteSchema>;

/** PUT /api/transactions/{id}/note: empty text removes the note (the answer is then null). */
export const setNoteBodySchema = z.object({
  text: multiLineText(NOTE_MAX, { tooLong: `A note can be at most ${NOTE_MAX} characters` }),
});
export const noteResultSchema = z.object({ id: z.string(), note: transactionNoteSchema.nullable() });

/** A row of GET /api/transactions: the transaction, its category's id and its note. */
export const historyRowSchema = transactionSchema.extend({
  category: z.string(),
  note: transactionNoteSchema.nullable(),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

/** `?category=` on the history list and export: one category's rows (an id, built-in or own). */
export const categoryFilterSchema = z.string().min(1).max(100).optional();

/**
 * GET /api/categories/totals?from=&to= — calendar days in UTC, both inclusive (default: this year so far).
 * At most ten years at once.
 */
export const MAX_TOTALS_DAYS = 3660;
export const categoryTotalsQuerySchema = z
  .object({ from: isoDateSchema('from').optional(), to: isoDateSchema('to').optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'to must not be before from',
    path: ['to'],
  });
export type CategoryTotalsQuery = z.infer<typeof categoryTotalsQuerySchema>;

/**
 * What one category moved in a period, in the home currency: `moneyIn` and `moneyOut` are both positive
 * decimal strings. A row's fee (on money sent, on an exchange) counts in Fees, not in the row's category.
 */
export const categoryTotalSchema = z.object({
  categoryId: z.string(),
  name: z.string(),
  kind: z.enum(categoryKinds),
  deductible: z.boolean(),
  moneyIn: z.string(),
  moneyOut: z.string(),
});
export type CategoryTotal = z.infer<typeof categoryTotalSchema>;

/**
 * How amounts in other currencies are valued, said in the UI: invoice payments at the home value stamped when
 * they were paid; everything else at today's rate (a valuation, rounded half up, as Earnings Analytics does).
 */
export const TOTALS_VALUATION_NOTE =
  'Invoice payments count at the value they had in your home currency when paid; other amounts in another ' +
  'currency are valued at today’s rate.';

export const categoryTotalsSchema = z.object({
  currency: currencySchema,
  from: z.string(),
  to: z.string(),
  /** income: in − out of income categories; expenses: out − in of expense categories; may be negative. */
  income: z.string(),
  expenses: z.string(),
  deductibleExpenses: z.string(),
  /** Only categories that moved money in the period. */
  categories: z.array(categoryTotalSchema),
  /** Each UTC month of the period that moved money ("2026-11"), oldest first. */
  months: z.array(z.object({ month: z.string(), categories: z.array(categoryTotalSchema) })),
});
export type CategoryTotals = z.infer<typeof categoryTotalsSchema>;
