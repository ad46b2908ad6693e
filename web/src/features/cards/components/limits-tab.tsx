import { useState, type FormEvent } from 'react';
import { cardLimitsSchema, type Card, type CardLimits } from '@contract/cards';
import { Button } from '@web/components/ui/button';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { amountInputProblem, formatMoney } from '@web/lib/money';
import { useSetCardLimits } from '../api/set-card-limits';
import { usedPercent } from '../lib/card-text';
import { CardPicker } from './card-picker';

/** Each limit, its spending window, and the sketch's placeholders (500 daily, 5000 monthly, 300 ATM). */
const limitFields = [
  { name: 'perPayment', label: 'Per payment', spent: null, placeholder: '1000', window: '' },
  { name: 'daily', label: 'Daily', spent: 'daily', placeholder: '500', window: 'last 24 hours' },
  { name: 'monthly', label: 'Monthly', spent: 'monthly', placeholder: '5000', window: 'last 30 days' },
  { name: 'atm', label: 'ATM (daily)', spent: 'atm', placeholder: '300', window: 'last 24 hours' },
] as const;

/** Spending Limits: per card, with what it has spent against each. */
export function LimitsTab({ cards }: { cards: Card[] }) {
  const [cardId, setCardId] = useState(cards[0]!.id);
  const card = cards.find((each) => each.id === cardId) ?? cards[0]!;
  return (
    <div className="grid gap-4">
      <CardPicker id="limits-card" cards={cards} value={card.id} onChange={setCardId} />
      <LimitsForm key={`${card.id}-${JSON.stringify(card.limits)}`} card={card} />
    </div>
  );
}

function LimitsForm({ card }: { card: Card }) {
  const save = useSetCardLimits();
  const [values, setValues] = useState<Record<keyof CardLimits, string>>({
    perPayment: card.limits.perPayment ?? '',
    daily: card.limits.daily ?? '',
    monthly: card.limits.monthly ?? '',
    atm: card.limits.atm ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const limits = {} as CardLimits;
    for (const { name } of limitFields) {
      const text = values[name].trim();
      const problem = text ? amountInputProblem(text, card.currency) : null;
      if (problem) found[name] = problem;
      limits[name] = text || null;
    }
    // Limits that contradict each other (one payment above the day's limit) are the contract's rule too.
    if (Object.keys(found).length === 0) {
      for (const issue of cardLimitsSchema.safeParse(limits).error?.issues ?? [])
        found[String(issue.path[0])] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { cardId: card.id, limits },
      {
        onSuccess: () => toast({ title: 'Card Updated', description: `Limits of ${card.cardNumber} saved.` }),
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields);
          toast({
            variant: 'destructive',
            title: 'Card Update Failed',
            description: friendlyErrorMessage(error, 'Failed to update card limits'),
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label={`Limits of ${card.cardNumber}`}>
      <div className="grid gap-4 sm:grid-cols-2">
        {limitFields.map((field) => {
          const id = `limit-${field.name}`;
          const spent = field.spent ? card.spent[field.spent] : null;
          const limit = card.limits[field.name];
          const percent = spent ? usedPercent(spent, limit, card.currency) : null;
          const hint = spent
            ? `Spent ${formatMoney(spent, card.currency)} in the ${field.window}${limit ? ` of ${formatMoney(limit, card.currency)}` : ''}`
            : 'The most one payment may be';
          return (
            <div key={field.name} className="grid gap-2 rounded-lg border p-3">
              <FormField
                id={id}
                label={`${field.label} limit (${card.currency})`}
                hint={hint}
                error={errors[field.name]}
              >
                <Input
                  id={id}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={`${field.placeholder} (no limit)`}
                  value={values[field.name]}
                  onChange={(event) =>
                    setValues((current) => ({ ...current, [field.name]: event.target.value }))
                  }
                  aria-invalid={errors[field.name] ? true : undefined}
                  aria-describedby={describedBy(id, { hint, error: errors[field.name] })}
                />
              </FormField>
              {percent !== null && (
                <div
                  role="progressbar"
                  aria-label={`${field.label} limit used`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="h-2 overflow-hidden rounded-full bg-muted"
                >
                  <div
                    className={percent >= 90 ? 'h-full bg-destructive' : 'h-full bg-primary'}
                    style={{ width: `${percent}%` }}
                  />
                </div>
              )}
            </div>
          );
        })}
      </div>
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending && <Spinner />}
        Save limits
      </Button>
    </form>
  );
}
