import { z } from 'zod';
import { currencySchema } from './currencies';
import { isoDateSchema } from './dates';
import { amountStringSchema } from './money';
import { singleLineText } from './text';

/**
 * Savings goals: money set aside in the goal's own ledger account, moved from and back to the wallet of the
 * goal's currency. `currentAmount` is that account's balance.
 */
export const goalCategories = [
  'Emergency fund',
  'Taxes',
  'Equipment',
  'Travel',
  'Education',
  'Other',
] as const;
export type GoalCategory = (typeof goalCategories)[number];

export const MAX_GOALS = 20;

/**
 * Automatic set-aside: a goal may take a share of every payment that arrives in its currency, moved in the
 * same ledger entry as the payment (e.g. 25% for "Taxes"). Each goal 1–50%, and all of one currency's goals
 * together at most 50%, so most of a payment always reaches the wallet.
 */
export const MAX_SET_ASIDE_PERCENT = 50;
const setAsidePercentSchema = z
  .number({ error: 'Set-aside must be a whole percentage' })
  .int('Set-aside must be a whole percentage')
  .min(1, 'Set-aside must be at least 1%')
  .max(MAX_SET_ASIDE_PERCENT, `Set-aside can be at most ${MAX_SET_ASIDE_PERCENT}%`);

/** POST /api/savings-goals */
export const createGoalBodySchema = z.object({
  title: singleLineText(100, {
    required: 'Title is required',
    tooLong: 'Title can be at most 100 characters',
  }),
  category: z.enum(goalCategories, { error: `category must be one of ${goalCategories.join(', ')}` }),
  targetAmount: amountStringSchema,
  currency: currencySchema,
  targetDate: isoDateSchema('Target date'),
  setAsidePercent: setAsidePercentSchema.nullish(),
});
export type CreateGoalBody = z.infer<typeof createGoalBodySchema>;

/** POST /api/savings-goals/{id}/contribute and /withdraw (Idempotency-Key), in the goal's currency. */
/** PATCH /api/savings-goals/{id}: change (or with null stop) the goal's set-aside. */
export const updateGoalBodySchema = z.object({ setAsidePercent: setAsidePercentSchema.nullable() });
export type UpdateGoalBody = z.infer<typeof updateGoalBodySchema>;

export const goalMoveBodySchema = z.object({ amount: amountStringSchema });
export type GoalMoveBody = z.infer<typeof goalMoveBodySchema>;

export const savingsGoalSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(goalCategories),
  currency: currencySchema,
  currentAmount: z.string(),
  targetAmount: z.string(),
  targetDate: z.string(),
  createdAt: z.string(),
  /** 0–100, whole percent, capped at 100. */
  progressPercent: z.number().int(),
  /** Days until the target date (0 on the day, negative after). */
  daysLeft: z.number().int(),
  /** What is still missing, spread over the months left (rounded up to the minor unit); "0.00" when reached. */
  monthlyNeeded: z.string(),
  reached: z.boolean(),
  /** The share of incoming payments in `currency` this goal takes as they arrive; null: none. */
  setAsidePercent: z.number().int().nullable(),
});
export type SavingsGoal = z.infer<typeof savingsGoalSchema>;
