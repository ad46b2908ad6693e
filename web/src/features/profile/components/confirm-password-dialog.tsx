import { useState, type FormEvent, type ReactNode } from 'react';
import { confirmPasswordSchema } from '@contract/security';
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
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';

/**
 * Asks for the password again before a change a thief with this browser would want (sign-in alerts off,
 * every other session signed out). `confirm` sends it; a wrong one shows under the field, anything else
 * (a wait after too many wrong ones, say) above the form. `children` go under the field (an option).
 */
export function ConfirmPasswordDialog({
  title,
  description,
  action,
  confirm,
  onClose,
  children,
}: {
  title: string;
  description: string;
  /** The submit button's label, e.g. "Turn off alerts". */
  action: string;
  confirm: (password: string) => Promise<unknown>;
  onClose: () => void;
  children?: ReactNode;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = confirmPasswordSchema.safeParse(password);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await confirm(parsed.data);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields.password) setError(failure.fields.password);
      else setFormError(friendlyErrorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4" aria-label={title}>
          {formError && <ErrorAlert>{formError}</ErrorAlert>}
          <FormField id="confirm-password" label="Your password" error={error}>
            <Input
              id="confirm-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy('confirm-password', { error })}
            />
          </FormField>
          {children}
          <Button type="submit" disabled={pending}>
            {pending && <Spinner />}
            {action}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
