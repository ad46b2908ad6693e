import type { Card } from '@contract/cards';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/native-select';

/** Which card the Controls and Limits tabs show, when there is more than one. */
export function CardPicker({
  id,
  cards,
  value,
  onChange,
}: {
  id: string;
  cards: Card[];
  value: string;
  onChange: (id: string) => void;
}) {
  if (cards.length < 2) return null;
  return (
    <FormField id={id} label="Card" className="max-w-xs">
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {cards.map((card) => (
          <option key={card.id} value={card.id}>
            {card.cardNumber} · {card.cardType} · {card.currency}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
