import type { Kysely } from 'kysely';
import { displayMoney, Money } from '@contract/money';
import type { Currency } from '@contract/currencies';
import {
  MAX_GOALS,
  MAX_SET_ASIDE_PERCENT,
  type CreateGoalBody,
  type GoalMoveBody,
  type SavingsGoal,
  type UpdateGoalBody,
} from '@contract/goals';
import type { Database } from '../../db/schema';
import { parseRequestAmount } from '../../lib/amount';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { runIdempotent, type IdempotentRequest } from '../idempotency/idempotency';
import { postEntry } from '../ledger/ledger.service';
import type { Notifier } from '../notifications/notifier';
import { ensureAccount } from '../ledger/accounts';
import { ensureWallet } from '../wallets/wallets';
import { toSavingsGoal } from './goals.mapper';
import * as repo from './goals.repository';
import { setAsideGoalsOf } from './set-aside';

const notFound = () => new AppError('NOT_FOUND', 'Savings goal not found');

/**
 * Taking out more than a goal holds is refused by the ledger, which only knows an account of a currency:
 * the person asked the goal, so the answer names the goal and what it holds.
 */
function goalHoldsLess(goal: { title: string; balance: bigint | null; currency: Currency }) {
  const held = displayMoney(Money.of(goal.balance ?? 0n, goal.currency));
  const message = `“${goal.title}” holds ${held}: you can take out at most that`;
  return new AppError('INSUFFICIENT_FUNDS', message, { amount: message });
}

/** All of one currency's goals together take at most MAX_SET_ASIDE_PERCENT of a payment. */
async function assertSetAsideFits(
  trx: Kysely<Database>,
  userId: string,
  currency: Currency,
  percent: number | null,
  exceptGoalId: string | null,
) {
  if (percent === null) return;
  const others = (await setAsideGoalsOf(trx, userId, currency)).filter((goal) => goal.id !== exceptGoalId);
  const taken = others.reduce((sum, goal) => sum + goal.percent, 0);
  if (taken + percent > MAX_SET_ASIDE_PERCENT) {
    const message = `Your ${currency} goals already set aside ${taken}%; together they can take at most ${MAX_SET_ASIDE_PERCENT}%`;
    throw new AppError('BUSINESS_RULE', message, { setAsidePercent: message });
  }
}

export type GoalsService = ReturnType<typeof createGoalsService>;

/**
 * Savings goals on the ledger. Each goal has its own customer account (kind `goal:<id>`) in the goal's
 * currency; contributing moves money from the wallet of that currency into it, withdrawing moves it back,
 * each in one balanced entry with its history row. A goal is deleted only when it holds nothing.
 */
export function createGoalsService(deps: { db: Kysely<Database>; notifier: Notifier }) {
  const { db, notifier } = deps;

  async function goalOf(trx: Kysely<Database>, userId: string, id: string) {
    const goal = await repo.findGoal(trx, userId, id);
    if (!goal) throw notFound();
    return goal;
  }

  async function move(
    request: IdempotentRequest,
    goalId: string,
    body: GoalMoveBody,
    direction: 'in' | 'out',
  ) {
    return runIdempotent<SavingsGoal>(db, request, async (trx) => {
      const goal = await goalOf(trx, request.userId, goalId);
      const amount = parseRequestAmount(body.amount, goal.currency);
      const wallet = await ensureWallet(trx, request.userId, goal.currency);
      const into = direction === 'in';
      const description = `${into ? 'Saved to' : 'Taken from'} “${goal.title}”`;
      const posted = await postEntry(trx, {
        kind: into ? 'goal_contribution' : 'goal_withdrawal',
        description,
        postings: [
          { accountId: into ? wallet : goal.account_id, amount: amount.negated() },
          { accountId: into ? goal.account_id : wallet, amount },
        ],
        transactions: [
          {
            user_id: request.userId,
            wallet_id: wallet,
            type: into ? 'savings_deposit' : 'savings_withdrawal',
            amount: amount.minor,
            currency: goal.currency,
            counterparty: goal.title,
            description,
            status: 'completed',
          },
        ],
      }).catch((error: unknown) => {
        const goalTooSmall = !into && error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS';
        throw goalTooSmall ? goalHoldsLess(goal) : error;
      });
      const balance = posted.balances.get(goal.account_id) ?? 0n;
      const before = into ? balance - amount.minor : balance + amount.minor;
      if (into && before < BigInt(goal.target_amount) && balance >= BigInt(goal.target_amount)) {
        await notifier.raise(trx, request.userId, {
          category: 'success',
          type: 'system',
          title: 'Goal reached',
          message: `“${goal.title}” reached its target of ${displayMoney(Money.of(BigInt(goal.target_amount), goal.currency))}.`,
          actionUrl: '/portfolio',
          actionText: 'View',
        });
      }
      return { status: 201, body: toSavingsGoal({ ...goal, balance }) };
    });
  }

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
      move(request, goalId, body, 'in'),
    withdraw: (request: IdempotentRequest, goalId: string, body: GoalMoveBody) =>
      move(request, goalId, body, 'out'),

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
