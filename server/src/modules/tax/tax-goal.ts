import type { SavingsGoal } from '@contract/goals';
import type { TaxProfileRow } from './tax.mapper';

/**
 * The tax goal: the goal chosen in the profile; without a choice, the one goal with a set-aside when there is
 * exactly one (a guess the estimate labels as such); else none. A chosen goal that was since deleted is none.
 */
export function taxGoalOf(
  profile: TaxProfileRow,
  goals: SavingsGoal[],
): { goal: SavingsGoal; chosen: boolean } | null {
  if (profile.goal_id !== null) {
    const chosen = goals.find((goal) => goal.id === profile.goal_id);
    return chosen ? { goal: chosen, chosen: true } : null;
  }
  const setAside = goals.filter((goal) => goal.setAsidePercent !== null);
  return setAside.length === 1 ? { goal: setAside[0]!, chosen: false } : null;
}
