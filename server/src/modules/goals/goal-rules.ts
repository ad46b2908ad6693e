import type { Kysely } from 'kysely';
import { displayMoney, Money } from '@contract/money';
import type { Currency } from '@contract/currencies';
import { MAX_SET_ASIDE_PERCENT } from '@contract/goals';
import { lockPerUser } from '../../db/per-user-lock';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import * as repo from './goals.repository';
import { setAsideGoalsOf } from './set-aside';

/** The user's goal with this id (another user's is as absent as a missing one: 404). */
export async function goalOf(trx: Kysely<Database>, userId: string, id: string) {
  const goal = await repo.findGoal(trx, userId, id);
  if (!goal) throw new AppError('NOT_FOUND', 'Savings goal not found');
  return goal;
}

/**
 * Taking out more than a goal holds is refused by the ledger, which only knows an account of a currency:
 * the person asked the goal, so the answer names the goal and what it holds.
 */
export function goalHoldsLess(goal: { title: string; balance: bigint | null; currency: Currency }) {
  const held = displayMoney(Money.of(goal.balance ?? 0n, goal.currency));
  const message = `“${goal.title}” holds ${held}: you can take out at most that`;
  return new AppError('INSUFFICIENT_FUNDS', message, { amount: message });
}

/** All of one currency's goals together take at most MAX_SET_ASIDE_PERCENT of a payment. */
export async function assertSetAsideFits(
  trx: Kysely<Database>,
  userId: string,
  currency: Currency,
  percent: number | null,
  exceptGoalId: string | null,
) {
  if (percent === null) return;
  await lockPerUser(trx, 'savings-goals', userId);
  const others = (await setAsideGoalsOf(trx, userId, currency)).filter((goal) => goal.id !== exceptGoalId);
  const taken = others.reduce((sum, goal) => sum + goal.percent, 0);
  if (taken + percent > MAX_SET_ASIDE_PERCENT) {
    const message = `Your ${currency} goals already set aside ${taken}%; together they can take at most ${MAX_SET_ASIDE_PERCENT}%`;
    throw new AppError('BUSINESS_RULE', message, { setAsidePercent: message });
  }
}
