import { useState, type FormEvent } from 'react';
import { NEW_PASSWORD_HINT } from '@contract/auth';
import { changePasswordBodySchema } from '@contract/security';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { useChangePassword } from '../api/security';

type Field = 'currentPassword' | 'newPassword';
const empty = { currentPassword: '', newPassword: '' };

/** Current and new password; on success every other browser is signed out (the server does that). */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = changePasswordBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    change.mutate(parsed.data, {
      onSuccess: () => {
        setValues(empty);
        toast({ title: 'Password Changed', description: 'Every other browser has been signed out.' });
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
        else
          setFormError(friendlyErrorMessage(error, 'The password could not be changed. Please try again.'));
      },
    });
  };

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <FormField id={`password-${name}`} label={label} hint={hint} error={errors[name]}>
      <Input
        id={`password-${name}`}
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(`password-${name}`, { hint, error: errors[name] })}
      />
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Change password">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      {field('currentPassword', 'Current password', 'current-password')}
      {field('newPassword', 'New password', 'new-password', NEW_PASSWORD_HINT)}
      <Button type="submit" disabled={change.isPending} className="justify-self-start">
        {change.isPending && <Spinner />}
        Change password
      </Button>
    </form>
  );
}
