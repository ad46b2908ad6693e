import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';

/**
 * The password asked again in a form that makes something working without a session (an API key, a webhook
 * endpoint, an accountant's invite): a borrowed browser alone must not leave one behind. A demo account has
 * no password, so the field is not shown and the form sends an empty one.
 */
export function StepUpPasswordField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const hint = 'Asked again: this keeps working after you sign out, and we email you about it.';
  return (
    <FormField id={id} label="Your password" hint={hint} error={error}>
      <Input
        id={id}
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
      />
    </FormField>
  );
}
