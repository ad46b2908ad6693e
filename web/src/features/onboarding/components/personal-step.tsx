import { useState, type FormEvent } from 'react';
import { accountTypes, kycCountries, kycCountryNames, todayUtc, type PersonalInfo } from '@contract/kyc';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Spinner } from '@web/components/ui/spinner';
import { useDraftErrors } from '@web/hooks/use-draft-errors';
import { toast } from '@web/hooks/use-toast';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { useSavePersonal } from '../api/save-personal';
import { missingPersonal, personalProblems, type PersonalDraft } from '../lib/wizard';

type TextField = Exclude<keyof PersonalDraft, 'nationality' | 'country' | 'accountType'>;

const textFields: {
  field: TextField;
  label: string;
  type?: string;
  autoComplete?: string;
  wide?: boolean;
}[] = [
  { field: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { field: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { field: 'dateOfBirth', label: 'Date of birth', type: 'date', autoComplete: 'bday' },
  { field: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
  { field: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { field: 'occupation', label: 'Occupation', autoComplete: 'organization-title' },
  { field: 'monthlyIncome', label: 'Monthly income (USD)' },
];

const hasFieldErrors = (error: unknown) => error instanceof ApiError && Object.keys(error.fields).length > 0;

/** Step 1: who you are. Every field is required; the server checks them again. */
export function PersonalStep({ initial, onDone }: { initial: PersonalDraft; onDone: () => void }) {
  const save = useSavePersonal();
  const [draft, setDraft] = useState(initial);
  const {
    errors: draftErrors,
    markSubmitted,
    setServerErrors,
  } = useDraftErrors(draft, (current) => personalProblems(current, todayUtc()));
  // The age rule is shown as soon as a whole date is entered, not only after Continue.
  const tooYoung = draft.dateOfBirth ? personalProblems(draft, todayUtc()).dateOfBirth : undefined;
  const errors =
    tooYoung && tooYoung !== 'Required' ? { ...draftErrors, dateOfBirth: tooYoung } : draftErrors;
  const set = (field: keyof PersonalDraft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    markSubmitted();
    const problems = personalProblems(draft, todayUtc());
    if (missingPersonal(draft).length > 0) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please fill in all required fields',
      });
    }
    if (Object.keys(problems).length > 0) return;
    const sent = draft;
    save.mutate(draft as PersonalInfo, {
      onSuccess: onDone,
      onError: (error) => {
        if (error instanceof ApiError) setServerErrors(sent, error.fields);
      },
    });
  };

  const select = (field: 'nationality' | 'country', label: string) => (
    <FormField id={`kyc-${field}`} label={label} error={errors[field]}>
      <NativeSelect
        id={`kyc-${field}`}
        value={draft[field]}
        onChange={set(field)}
        aria-invalid={Boolean(errors[field])}
        aria-describedby={describedBy(`kyc-${field}`, { error: errors[field] })}
      >
        <option value="">Choose…</option>
        {kycCountries.map((code) => (
          <option key={code} value={code}>
            {kycCountryNames[code]}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );

  const textInput = ({ field, label, type, autoComplete, wide }: (typeof textFields)[number]) => (
    <FormField
      key={field}
      id={`kyc-${field}`}
      label={label}
      error={errors[field]}
      className={wide ? 'sm:col-span-2' : undefined}
    >
      <Input
        id={`kyc-${field}`}
        type={type ?? 'text'}
        value={draft[field]}
        onChange={set(field)}
        autoComplete={autoComplete}
        inputMode={field === 'monthlyIncome' ? 'decimal' : undefined}
        aria-invalid={Boolean(errors[field])}
        aria-describedby={describedBy(`kyc-${field}`, { error: errors[field] })}
      />
    </FormField>
  );

  return (
    <form aria-label="Personal information" noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {textFields.slice(0, 5).map(textInput)}
        {select('nationality', 'Nationality')}
        {textFields.slice(5, 8).map(textInput)}
        {select('country', 'Country of residence')}
        {textFields.slice(8).map(textInput)}
        <FormField id="kyc-accountType" label="Account type" error={errors.accountType}>
          <NativeSelect id="kyc-accountType" value={draft.accountType} onChange={set('accountType')}>
            {accountTypes.map((type) => (
              <option key={type} value={type}>
                {type === 'individual' ? 'Individual' : 'Business'}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {/* Said once: a problem with a field shows under it, not again above the form. */}
      {save.isError && !hasFieldErrors(save.error) && (
        <ErrorAlert>{friendlyErrorMessage(save.error)}</ErrorAlert>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          Continue
        </Button>
      </div>
    </form>
  );
}
