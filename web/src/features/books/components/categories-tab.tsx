import { useId, useState } from 'react';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useReadingBooks } from '@web/lib/open-books';
import type { Period } from '../api/get-category-totals';
import { OwnCategoriesCard } from './own-categories-card';
import { RulesCard } from './rules-card';
import { TotalsCard } from './totals-card';

const today = () => new Date().toISOString().slice(0, 10);

/** /books/categories: the period's totals per category, and the user's own categories and rules. */
export function CategoriesTab() {
  const id = useId();
  const readOnly = useReadingBooks();
  const [period, setPeriod] = useState<Period>(() => ({ from: `${today().slice(0, 4)}-01-01`, to: today() }));
  const change = (part: keyof Period, value: string) => {
    // An empty or half-typed date keeps the last whole period.
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) setPeriod((current) => ({ ...current, [part]: value }));
  };
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <FormField id={`${id}-from`} label="From" className="w-40">
          <Input
            id={`${id}-from`}
            type="date"
            defaultValue={period.from}
            max={period.to}
            onChange={(event) => change('from', event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-to`} label="To" className="w-40">
          <Input
            id={`${id}-to`}
            type="date"
            defaultValue={period.to}
            min={period.from}
            onChange={(event) => change('to', event.target.value)}
          />
        </FormField>
      </div>
      <TotalsCard period={period} />
      <div className="grid gap-6 lg:grid-cols-2">
        <OwnCategoriesCard readOnly={readOnly} />
        <RulesCard readOnly={readOnly} />
      </div>
    </div>
  );
}
