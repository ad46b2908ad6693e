import { useState, type FormEvent } from 'react';
import type { SavingsGoal } from '@contract/goals';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { newIdempotencyKey } from '@web/lib/idempotency';
import { amountInputProblem, formatMoney } from '@web/lib/money';
import { useMoveGoalMoney } from '../api/goals';

export type GoalAction = 'contribute' | 'withdraw';

const words = {
  contribute: { title: 'Contribute to', button: 'Contribute', done: 'Contribution Added', from: 'from your' },
  withdraw: { title: 'Withdraw from', button: 'Withdraw', done: 'Withdrawal Made', from: 'back to your' },
} as const;

/** Moves money between a goal and the wallet of its currency; the dialog is open while `target` is set. */
export function GoalMoneyDialog({
  target,
  onClose,
}: {
  target: { goal: SavingsGoal; action: GoalAction } | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {target && <GoalMoneyForm goal={target.goal} action={target.action} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function GoalMoneyForm({
  goal,
  action,
  onDone,
}: {
  goal: SavingsGoal;
  action: GoalAction;
  onDone: () => void;
}) {
  const move = useMoveGoalMoney();
  // One key per opening: a retry after a lost answer is the same request and moves the money once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const text = words[action];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = amount.trim();
    const problem = amountInputProblem(trimmed, goal.currency);
    if (problem) {
      setFieldError(problem);
      return;
    }
    setFieldError(undefined);
    setFormError(null);
    move.mutate(
      { goalId: goal.id, action, amount: trimmed, idempotencyKey },
      {
        onSuccess: (updated) => {
          toast({
            title: text.done,
            description: `“${updated.title}” now holds ${formatMoney(updated.currentAmount, updated.currency)}.`,
          });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status < 500) setFormError(friendlyErrorMessage(error));
          else setFormError('We could not confirm this. Press the button again: it will not be done twice.');
        },
      },
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {text.title} {goal.title}
        </DialogTitle>
        <DialogDescription>
          {`${formatMoney(goal.currentAmount, goal.currency)} of ${formatMoney(goal.targetAmount, goal.currency)} saved. The money moves ${text.from} ${goal.currency} wallet.`}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label={`${text.button} ${goal.title}`}>
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
        <FormField id="goal-amount" label={`Amount (${goal.currency})`} error={fieldError}>
          <Input
            id="goal-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amount}
            onChange={(event) => setAmount(event.target.value.replace(/[\s,]/g, ''))}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy('goal-amount', { error: fieldError })}
          />
        </FormField>
        <Button type="submit" size="lg" disabled={move.isPending}>
          {move.isPending && <Spinner />}
          {text.button}
        </Button>
      </form>
    </>
  );
}
