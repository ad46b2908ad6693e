import { useState } from 'react';
import { Plus, Target } from 'lucide-react';
import type { SavingsGoal } from '@contract/goals';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useDeleteGoal, useGoals } from '../api/goals';
import { CreateGoalDialog } from './create-goal-dialog';
import { GoalCard } from './goal-card';
import { GoalMoneyDialog, type GoalAction } from './goal-money-dialog';

/** The Goals tab: the user's savings goals with their progress, and Create Goal. */
export function GoalsTab() {
  const goals = useGoals();
  const remove = useDeleteGoal();
  const [creating, setCreating] = useState(false);
  const [moving, setMoving] = useState<{ goal: SavingsGoal; action: GoalAction } | null>(null);

  const deleteGoal = (goal: SavingsGoal) =>
    remove.mutate(goal.id, {
      onSuccess: () => toast({ title: 'Goal Deleted', description: `“${goal.title}” was removed.` }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Delete Failed', description: friendlyErrorMessage(error) }),
    });

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setCreating(true)}>
          <Plus /> New goal
        </Button>
      </div>
      {goals.isError ? (
        <LoadError error={goals.error} onRetry={() => void goals.refetch()} />
      ) : !goals.data ? (
        <div role="status" aria-label="Loading goals" className="grid gap-3 md:grid-cols-2">
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      ) : goals.data.length === 0 ? (
        <EmptyState
          icon={Target}
          title="No savings goals yet"
          description="Set money aside for taxes, equipment or time off, and track progress here."
        />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Savings goals">
          {goals.data.map((goal) => (
            <GoalCard
              key={goal.id}
              goal={goal}
              onMove={(action) => setMoving({ goal, action })}
              onDelete={() => deleteGoal(goal)}
            />
          ))}
        </ul>
      )}
      <CreateGoalDialog open={creating} onOpenChange={setCreating} />
      <GoalMoneyDialog target={moving} onClose={() => setMoving(null)} />
    </div>
  );
}
