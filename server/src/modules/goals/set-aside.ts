import type { Kysely } from 'kysely';
import { Money } from '@contract/money';
import type { Currency } from '@contract/currencies';
import { precompiledQuery } from '../../db/precompiled';
import type { Database } from '../../db/schema';
import type { EntryInput } from '../ledger/ledger.service';

export interface SetAsideGoal {
  id: string;
  accountId: string;
  title: string;
  percent: number;
}

/** The user's goals in `currency` that take a share of incoming payments. */
// Compiled once (db/precompiled.ts): every payment to a customer asks it.
const setAsideGoalsQuery = precompiledQuery((db: Kysely<Database>, userId: string, currency: Currency) =>
  db
    .selectFrom('savings_goals')
    .select(['id', 'account_id', 'title', 'set_aside_percent'])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('set_aside_percent', 'is not', null)
    .orderBy('created_at'),
);

export async function setAsideGoalsOf(
  db: Kysely<Database>,
  userId: string,
  currency: Currency,
): Promise<SetAsideGoal[]> {
  const { rows } = await setAsideGoalsQuery(db, userId, currency);
  return rows.map(toSetAsideGoal);
}

/** A goal as setAsideGoalsOf reads it (or transfer_context, transfers/sql/transfer-context.sql, on PostgreSQL). */
export const toSetAsideGoal = (row: {
  id: string;
  account_id: string;
  title: string;
  set_aside_percent: number | bigint | null;
}): SetAsideGoal => ({
  id: row.id,
  accountId: row.account_id,
  title: row.title,
  percent: Number(row.set_aside_percent),
});

/** A goal's share of an incoming payment, in minor units: `percent` % of it, rounded down. */
export const setAsideShare = (arrivedMinor: bigint, percent: number) =>
  (arrivedMinor * BigInt(percent)) / 100n;

/**
 * An incoming payment's entry with the set-aside split into it: of what arrives in `walletId`, each goal's
 * share (rounded down to the minor unit) goes to the goal's account instead, in the same entry, and a history
 * row per goal shows the split next to the payment. The entry still balances: the wallet's posting shrinks by
 * exactly what the goals get.
 */
export function withSetAside(
  entry: EntryInput,
  payment: { userId: string; walletId: string; arrived: Money },
  goals: SetAsideGoal[],
): EntryInput {
  const shares = goals
    .map((goal) => ({
      goal,
      amount: Money.of(setAsideShare(payment.arrived.minor, goal.percent), payment.arrived.currency),
    }))
    .filter((share) => share.amount.isPositive());
  if (shares.length === 0) return entry;
  const total = shares.reduce((sum, share) => sum.plus(share.amount), Money.zero(payment.arrived.currency));
  const postings = entry.postings.map((posting) =>
    posting.accountId === payment.walletId && posting.amount.isPositive()
      ? { ...posting, amount: posting.amount.minus(total) }
      : posting,
  );
  return {
    ...entry,
    postings: [
      ...postings,
      ...shares.map((share) => ({ accountId: share.goal.accountId, amount: share.amount })),
    ],
    transactions: [
      ...(entry.transactions ?? []),
      ...shares.map((share) => ({
        user_id: payment.userId,
        wallet_id: payment.walletId,
        type: 'savings_deposit' as const,
        // Every column: rows inserted together with the payment's must not leave one to a default.
        fee: 0n,
        amount: share.amount.minor,
        currency: share.amount.currency,
        counterparty: share.goal.title,
        description: `Set aside ${share.goal.percent}% for “${share.goal.title}”`,
        status: 'completed' as const,
      })),
    ],
  };
}
