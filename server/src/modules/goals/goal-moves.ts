import type { Kysely } from 'kysely';
import { displayMoney, Money } from '@contract/money';
import type { GoalMoveBody, SavingsGoal } from '@contract/goals';
import type { Database } from '../../db/schema';
import { parseRequestAmount } from '../../lib/amount';
import { AppError } from '../../lib/errors';
import { runIdempotent, type IdempotentRequest } from '../idempotency/idempotency';
import { postEntry } from '../ledger/ledger.service';
import type { Notifier } from '../notifications/notifier';
import { ensureWallet } from '../wallets/wallets';
import { toSavingsGoal } from './goals.mapper';
import { goalHoldsLess, goalOf } from './goal-rules';

/**
 * Money into a goal (`in`: from the wallet of its currency) or back out of it, in one balanced entry with its
 * history row; reaching the target raises a notice.
 */
export async function moveMoney(
  deps: { db: Kysely<Database>; notifier: Notifier },
  request: IdempotentRequest,
  goalId: string,
  body: GoalMoveBody,
  direction: 'in' | 'out',
) {
  const { db, notifier } = deps;
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
