import { Money } from '@contract/money';
import type { SavingsGoal } from '@contract/goals';
import type { SavingsGoalsTable } from '../../db/schema';
import { goalFigures } from './goal-figures';

export function toSavingsGoal(
  row: SavingsGoalsTable & { balance: bigint | null },
  today = new Date(),
): SavingsGoal {
  const current = Money.of(BigInt(row.balance ?? 0n), row.currency);
  const target = Money.of(BigInt(row.target_amount), row.currency);
  const figures = goalFigures(current, target, row.target_date, today);
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    currency: row.currency,
    currentAmount: current.format(),
    targetAmount: target.format(),
    targetDate: row.target_date,
    createdAt: row.created_at,
    progressPercent: figures.progressPercent,
    daysLeft: figures.daysLeft,
    monthlyNeeded: figures.monthlyNeeded.format(),
    reached: figures.reached,
    setAsidePercent: row.set_aside_percent === null ? null : Number(row.set_aside_percent),
  };
}
