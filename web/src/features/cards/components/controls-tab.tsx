import { useState, type FormEvent } from 'react';
import { merchantCategories, type Card, type CardControls } from '@contract/cards';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useSetCardControls } from '../api/set-card-controls';
import { CardPicker } from './card-picker';

const switches = [
  { name: 'online', label: 'Online payments' },
  { name: 'contactless', label: 'Contactless payments' },
  { name: 'atm', label: 'ATM withdrawals' },
  { name: 'international', label: 'Payments abroad' },
] as const;

/** Card Controls: what each card may be used for, enforced on every payment. */
export function ControlsTab({ cards }: { cards: Card[] }) {
  const [cardId, setCardId] = useState(cards[0]!.id);
  const card = cards.find((each) => each.id === cardId) ?? cards[0]!;
  return (
    <div className="grid gap-4">
      <CardPicker id="controls-card" cards={cards} value={card.id} onChange={setCardId} />
      <ControlsForm key={`${card.id}-${JSON.stringify(card.controls)}`} card={card} />
    </div>
  );
}

function ControlsForm({ card }: { card: Card }) {
  const save = useSetCardControls();
  const [controls, setControls] = useState<CardControls>(card.controls);
  const blocked = new Set(controls.blockedCategories);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { cardId: card.id, controls },
      {
        onSuccess: () =>
          toast({ title: 'Card Updated', description: `Controls of ${card.cardNumber} saved.` }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Card Update Failed',
            description: friendlyErrorMessage(error, 'Failed to update card controls'),
          }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-5" aria-label={`Controls of ${card.cardNumber}`}>
      <ul className="grid gap-3 sm:grid-cols-2">
        {switches.map(({ name, label }) => (
          <li key={name} className="flex items-center justify-between gap-3 rounded-lg border p-3">
            <Label htmlFor={`control-${name}`}>{label}</Label>
            <Switch
              id={`control-${name}`}
              checked={controls[name]}
              onCheckedChange={(checked) => setControls((current) => ({ ...current, [name]: checked }))}
            />
          </li>
        ))}
      </ul>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Blocked merchant categories</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {merchantCategories.map((category) => (
            <label key={category} className="flex cursor-pointer items-center gap-2 text-sm capitalize">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={blocked.has(category)}
                onChange={(event) =>
                  setControls((current) => ({
                    ...current,
                    blockedCategories: event.target.checked
                      ? [...current.blockedCategories, category]
                      : current.blockedCategories.filter((each) => each !== category),
                  }))
                }
              />
              {category}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending && <Spinner />}
        Save controls
      </Button>
    </form>
  );
}
