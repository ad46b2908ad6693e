import { useState, type FormEvent } from 'react';
import type { SavingsGoal } from '@contract/goals';
import {
  taxCountries,
  taxPresets,
  taxProfileBodySchema,
  type TaxCountry,
  type TaxProfile,
} from '@contract/tax';
import { Button } from '@web/components/ui/button';
import { ErrorAlert } from '@web/components/ui/alert';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useSaveTaxProfile } from '../api/save-tax-profile';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface FormState {
  country: TaxCountry | '';
  ratePercent: string;
  month: string;
  day: string;
  goalId: string;
}

const initialState = (profile: TaxProfile | null): FormState => ({
  country: profile?.country ?? '',
  ratePercent: profile?.ratePercent ?? '',
  month: String(profile?.yearStart.month ?? 1),
  day: String(profile?.yearStart.day ?? 1),
  goalId: profile?.goalId ?? '',
});

/**
 * The tax profile: a country preset fills a simplified rate and the country's tax year start, both the user's
 * to change; or no country and a flat rate of their own. The tax goal is chosen here, or left to the guess.
 */
export function TaxProfileForm({ profile, goals }: { profile: TaxProfile | null; goals: SavingsGoal[] }) {
  const [state, setState] = useState(() => initialState(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveTaxProfile();
  const set = (changes: Partial<FormState>) => setState((current) => ({ ...current, ...changes }));

  const pickCountry = (country: TaxCountry | '') => {
    if (!country) return set({ country });
    const preset = taxPresets[country];
    set({
      country,
      ratePercent: preset.ratePercent,
      month: String(preset.yearStart.month),
      day: String(preset.yearStart.day),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = taxProfileBodySchema.safeParse({
      country: state.country || null,
      ratePercent: state.ratePercent.trim(),
      yearStart: { month: Number(state.month), day: Number(state.day) },
      goalId: state.goalId || null,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key =
          issue.path.at(-1) === 'day' || issue.path.at(-1) === 'month' ? 'day' : String(issue.path[0]);
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Tax profile saved', description: 'The estimate now uses it.' }),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
      <FormField
        id="tax-country"
        label="Country preset"
        hint="Fills a simplified rate and the tax year start."
      >
        <NativeSelect
          id="tax-country"
          value={state.country}
          aria-describedby={describedBy('tax-country', { hint: 'x' })}
          onChange={(event) => pickCountry(event.target.value as TaxCountry | '')}
        >
          <option value="">None: a flat rate of my own</option>
          {taxCountries.map((code) => (
            <option key={code} value={code}>
              {taxPresets[code].name} (simplified {taxPresets[code].ratePercent}%)
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField
        id="tax-rate"
        label="Tax rate (%)"
        hint="Yours to set: use the rate you expect to pay."
        error={errors.ratePercent}
      >
        <Input
          id="tax-rate"
          inputMode="decimal"
          value={state.ratePercent}
          aria-invalid={Boolean(errors.ratePercent)}
          aria-describedby={describedBy('tax-rate', { hint: 'x', error: errors.ratePercent })}
          onChange={(event) => set({ ratePercent: event.target.value })}
        />
      </FormField>
      <FormField id="tax-start-month" label="Tax year starts in">
        <NativeSelect
          id="tax-start-month"
          value={state.month}
          onChange={(event) => set({ month: event.target.value })}
        >
          {MONTHS.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="tax-start-day" label="On day" error={errors.day}>
        <Input
          id="tax-start-day"
          inputMode="numeric"
          value={state.day}
          aria-invalid={Boolean(errors.day)}
          aria-describedby={describedBy('tax-start-day', { error: errors.day })}
          onChange={(event) => set({ day: event.target.value })}
        />
      </FormField>
      <FormField
        id="tax-goal"
        label="Tax goal"
        className="sm:col-span-2"
        hint="The savings goal that holds your tax money. Left to Meridian, it is your one goal with a set-aside, if you have exactly one."
      >
        <NativeSelect
          id="tax-goal"
          value={state.goalId}
          aria-describedby={describedBy('tax-goal', { hint: 'x' })}
          onChange={(event) => set({ goalId: event.target.value })}
        >
          <option value="">Let Meridian pick</option>
          {goals.map((goal) => (
            <option key={goal.id} value={goal.id}>
              {goal.title} ({goal.currency})
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {save.isError && (
        <div className="sm:col-span-2">
          <ErrorAlert>{friendlyErrorMessage(save.error, 'The profile could not be saved.')}</ErrorAlert>
        </div>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save tax profile'}
        </Button>
      </div>
    </form>
  );
}
