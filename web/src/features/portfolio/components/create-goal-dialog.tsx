import { useState, type FormEvent } from 'react';
import { currencyCodes, type Currency } from '@contract/currencies';
import { createGoalBodySchema, goalCategories, type GoalCategory } from '@contract/goals';
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
import { NativeSelect } from '@web/components/ui/native-select';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { useCreateGoal } from '../api/goals';

type Fields = 'title' | 'category' | 'targetAmount' | 'currency' | 'targetDate' | 'setAsidePercent';

/** Create Goal: title, category, target amount and currency, target date. Remounts its form on each opening. */
export function CreateGoalDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create savings goal</DialogTitle>
          <DialogDescription>
            Set money aside for something that matters, and see how you are doing.
          </DialogDescription>
        </DialogHeader>
        {open && <CreateGoalForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateGoalForm({ onDone }: { onDone: () => void }) {
  const create = useCreateGoal();
  const [values, setValues] = useState({
    title: '',
    category: 'Taxes' as GoalCategory,
    targetAmount: '',
    currency: 'USD' as Currency,
    targetDate: '',
    setAsidePercent: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (field: Fields) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const percent = values.setAsidePercent.trim();
    const parsed = createGoalBodySchema.safeParse({
      ...values,
      targetAmount: values.targetAmount.trim(),
      setAsidePercent: percent === '' ? null : Number(percent),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (goal) => {
        toast({ title: 'Goal Created', description: `“${goal.title}” is ready for its first contribution.` });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
        else setFormError(friendlyErrorMessage(error, 'The goal could not be created. Please try again.'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Create savings goal">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <FormField id="goal-title" label="Title" error={errors.title}>
        <Input
          id="goal-title"
          value={values.title}
          onChange={set('title')}
          placeholder="Taxes 2027"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy('goal-title', { error: errors.title })}
        />
      </FormField>
      <FormField id="goal-category" label="Category" error={errors.category}>
        <NativeSelect id="goal-category" value={values.category} onChange={set('category')}>
          {goalCategories.map((category) => (
            <option key={category}>{category}</option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid grid-cols-[1fr_auto] gap-3">
        <FormField id="goal-target" label="Target amount" error={errors.targetAmount}>
          <Input
            id="goal-target"
            inputMode="decimal"
            autoComplete="off"
            value={values.targetAmount}
            onChange={set('targetAmount')}
            placeholder="0.00"
            aria-invalid={errors.targetAmount ? true : undefined}
            aria-describedby={describedBy('goal-target', { error: errors.targetAmount })}
          />
        </FormField>
        <FormField id="goal-currency" label="Currency" error={errors.currency}>
          <NativeSelect id="goal-currency" value={values.currency} onChange={set('currency')}>
            {currencyCodes.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField id="goal-date" label="Target date" error={errors.targetDate}>
        <Input
          id="goal-date"
          type="date"
          value={values.targetDate}
          onChange={set('targetDate')}
          aria-invalid={errors.targetDate ? true : undefined}
          aria-describedby={describedBy('goal-date', { error: errors.targetDate })}
        />
      </FormField>
      <FormField
        id="goal-set-aside"
        label="Set aside from incoming payments (%, optional)"
        hint={`This share of every payment that arrives in ${values.currency} goes straight to the goal.`}
        error={errors.setAsidePercent}
      >
        <Input
          id="goal-set-aside"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 25"
          value={values.setAsidePercent}
          onChange={set('setAsidePercent')}
          aria-invalid={errors.setAsidePercent ? true : undefined}
          aria-describedby={describedBy('goal-set-aside', {
            hint: 'set-aside',
            error: errors.setAsidePercent,
          })}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={create.isPending}>
        {create.isPending && <Spinner />}
        Create goal
      </Button>
    </form>
  );
}
