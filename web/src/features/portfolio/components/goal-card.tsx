import { Trash2 } from 'lucide-react';
import type { SavingsGoal } from '@contract/goals';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatMoney } from '@web/lib/money';
import type { GoalAction } from './goal-money-dialog';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function timeLeft(goal: SavingsGoal): string {
  if (goal.daysLeft < 0) return `Target date passed ${-goal.daysLeft} days ago`;
  if (goal.daysLeft === 0) return 'Target date is today';
  return `${goal.daysLeft} day${goal.daysLeft === 1 ? '' : 's'} left`;
}

export function GoalCard({
  goal,
  onMove,
  onDelete,
}: {
  goal: SavingsGoal;
  onMove: (action: GoalAction) => void;
  onDelete: () => void;
}) {
  const empty = /^0(\.0+)?$/.test(goal.currentAmount);
  return (
    <li className="grid gap-3 rounded-xl border p-4" data-testid="goal-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold">{goal.title}</p>
          <p className="text-xs text-muted-foreground">
            {goal.category} · by {dateFormat.format(new Date(`${goal.targetDate}T00:00:00Z`))}
          </p>
          {goal.setAsidePercent !== null && (
            <p className="text-xs font-medium text-primary">
              Takes {goal.setAsidePercent}% of incoming {goal.currency} payments
            </p>
          )}
        </div>
        {goal.reached ? (
          <Badge variant="success">Reached</Badge>
        ) : (
          <Badge variant="outline">{timeLeft(goal)}</Badge>
        )}
      </div>
      <div>
        <div className="mb-1 flex justify-between text-sm tabular-nums">
          <span className="font-medium">{formatMoney(goal.currentAmount, goal.currency)}</span>
          <span className="text-muted-foreground">of {formatMoney(goal.targetAmount, goal.currency)}</span>
        </div>
        <div
          role="progressbar"
          aria-label={`${goal.title} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={goal.progressPercent}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-all"
            style={{ width: `${goal.progressPercent}%` }}
          />
        </div>
        <p className="mt-1 text-xs text-muted-foreground">
          {goal.reached
            ? 'Target reached.'
            : `${goal.progressPercent}% saved · ${formatMoney(goal.monthlyNeeded, goal.currency)} a month to get there`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onMove('contribute')}>
          Contribute
        </Button>
        <Button size="sm" variant="outline" onClick={() => onMove('withdraw')} disabled={empty}>
          Withdraw
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          onClick={onDelete}
          disabled={!empty}
          aria-label={`Delete ${goal.title}`}
          title={empty ? undefined : 'Withdraw its money first'}
        >
          <Trash2 />
        </Button>
      </div>
    </li>
  );
}
