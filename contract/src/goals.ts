import { z } from 'zod';
import { currencySchema } from './currencies';
import { amountStringSchema } from './money';
import { singleLineText } from './text';

/**
 * Savings goals: money set aside in the goal's own ledger account, moved from and back to the wallet of the
 * goal's currency. `currentAmount` is that account's balance.
 */
export const goalCategories = ['Emergency fund', 'Taxes', 'Equipment', 'Travel', 'Education', 'Other'] as const;
export type GoalCategory = (typeof goalCategories)[number];

export const MAX_GOALS = 20;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** POST /api/savings-goals */
export const createGoalBodySchema = z.object({
  title: singleLineText(100, { required: 'Title is required', tooLong: 'Title can be at most 100 characters' }),
  category: z.enum(goalCategories, { error: `category must be one of ${goalCategories.join(', ')}` }),
  targetAmount: amountStringSchema,
  currency: currencySchema,
  targetDate: z
    .string({ error: 'Target date is required' })
    .regex(ISO_DATE, 'Target date must be a date such as 2027-06-30')
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), 'Target date must be a real date'),
});
export type CreateGoalBody = z.infer<typeof createGoalBodySchema>;

/** POST /api/savings-goals/{id}/contribute and /withdraw (Idempotency-Key), in the goal's currency. */
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
});
export type SavingsGoal = z.infer<typeof savingsGoalSchema>;
