import { useState, type FormEvent } from 'react';
import { disableTwoFactorBodySchema } from '@contract/two-factor';
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
import { useDisableTwoFactor } from '../api/disable-two-factor';

type Field = 'password' | 'code';

/** Turning two-factor off takes the password and a code (from the app, or a recovery code). */
export function TwoFactorDisableDialog({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const [values, setValues] = useState({ password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = disableTwoFactorBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    disable.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: 'Two-factor Off', description: 'Signing in needs only your password again.' });
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
        else setFormError(friendlyErrorMessage(error, 'Two-factor could not be turned off.'));
      },
    });
  };

  const field = (name: Field, label: string, props: React.ComponentProps<typeof Input>, hint?: string) => (
    <FormField id={`disable-2fa-${name}`} label={label} hint={hint} error={errors[name]}>
      <Input
        id={`disable-2fa-${name}`}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(`disable-2fa-${name}`, { hint, error: errors[name] })}
        {...props}
      />
    </FormField>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Turn off two-factor</DialogTitle>
          <DialogDescription>Signing in will need only your password.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Turn off two-factor">
          {formError && <ErrorAlert>{formError}</ErrorAlert>}
          {field('password', 'Password', { type: 'password', autoComplete: 'current-password' })}
          {field(
            'code',
            'Code',
            { autoComplete: 'one-time-code' },
            'From your authenticator app, or one of your recovery codes.',
          )}
          <Button type="submit" variant="destructive" disabled={disable.isPending}>
            {disable.isPending && <Spinner />}
            Turn off two-factor
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
