import type { Kysely } from 'kysely';
import {
  MAX_GOALS,
  type CreateGoalBody,
  type GoalMoveBody,
  type SavingsGoal,
  type UpdateGoalBody,
} from '@contract/goals';
import { lockPerUser } from '../../db/per-user-lock';
import type { Database } from '../../db/schema';
import { parseRequestAmount } from '../../lib/amount';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { IdempotentRequest } from '../idempotency/idempotency';
import { ensureAccount } from '../ledger/accounts';
import type { Notifier } from '../notifications/notifier';
import { moveMoney } from './goal-moves';
import { assertSetAsideFits, goalOf } from './goal-rules';
import { toSavingsGoal } from './goals.mapper';
import * as repo from './goals.repository';

export type GoalsService = ReturnType<typeof createGoalsService>;

/**
 * Savings goals on the ledger. Each goal has its own customer account (kind `goal:<id>`) in the goal's
 * currency; contributing moves money from the wallet of that currency into it, withdrawing moves it back,
 * each in one balanced entry with its history row. A goal is deleted only when it holds nothing.
 */
export function createGoalsService(deps: { db: Kysely<Database>; notifier: Notifier }) {
  const { db, notifier } = deps;
  return {
    async list(userId: string): Promise<SavingsGoal[]> {
      return (await repo.listGoals(db, userId)).map((row) => toSavingsGoal(row));
    },

    async create(userId: string, body: CreateGoalBody): Promise<SavingsGoal> {
      const target = parseRequestAmount(body.targetAmount, body.currency, 'targetAmount');
      const today = new Date().toISOString().slice(0, 10);
      if (body.targetDate <= today) {
        throw new AppError('VALIDATION_FAILED', 'The target date must be in the future', {
          targetDate: 'Must be in the future',
        });
      }
      return db.transaction().execute(async (trx) => {
        await lockPerUser(trx, 'savings-goals', userId);
        if ((await repo.countGoals(trx, userId)) >= MAX_GOALS) {
          throw new AppError('BUSINESS_RULE', `You can have at most ${MAX_GOALS} savings goals`);
        }
        const id = newId();
        const accountId = await ensureAccount(trx, userId, `goal:${id}`, body.currency);
        const row = {
          id,
          user_id: userId,
          title: body.title,
          category: body.category,
          currency: body.currency,
          target_amount: target.minor,
          target_date: body.targetDate,
          account_id: accountId,
          set_aside_percent: body.setAsidePercent ?? null,
          created_at: new Date().toISOString(),
        };
        await assertSetAsideFits(trx, userId, body.currency, body.setAsidePercent ?? null, null);
        await repo.insertGoal(trx, row);
        return toSavingsGoal({ ...row, balance: 0n });
      });
    },

    contribute: (request: IdempotentRequest, goalId: string, body: GoalMoveBody) =>
      moveMoney({ db, notifier }, request, goalId, body, 'in'),
    withdraw: (request: IdempotentRequest, goalId: string, body: GoalMoveBody) =>
      moveMoney({ db, notifier }, request, goalId, body, 'out'),

    /** Changes (or, with null, stops) the share of incoming payments the goal takes. */
    async update(userId: string, goalId: string, body: UpdateGoalBody): Promise<SavingsGoal> {
      return db.transaction().execute(async (trx) => {
        const goal = await goalOf(trx, userId, goalId);
        await assertSetAsideFits(trx, userId, goal.currency, body.setAsidePercent, goal.id);
        await repo.setSetAside(trx, userId, goal.id, body.setAsidePercent);
        return toSavingsGoal({ ...goal, set_aside_percent: body.setAsidePercent });
      });
    },

    /** Only an empty goal goes: its money must be withdrawn first (409 otherwise). */
    async remove(userId: string, goalId: string) {
      await db.transaction().execute(async (trx) => {
        const goal = await goalOf(trx, userId, goalId);
        if (BigInt(goal.balance ?? 0n) !== 0n) {
          throw new AppError('CONFLICT', 'This goal still holds money: withdraw it to your wallet first');
        }
        await repo.deleteGoal(trx, userId, goalId);
      });
    },
  };
}
