import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { z } from 'zod';
import { NEW_PASSWORD_HINT, newPasswordSchema } from '@contract/auth';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { applyServerErrors } from '@web/lib/form-errors';
import { useConfirmPasswordReset } from '../api/password-reset';

const formSchema = z.object({ password: newPasswordSchema });
const fieldNames = ['password'] as const;

/** The new password for the link's token; the server's reason for a weak one shows under the field. */
export function ResetPasswordForm({ token }: { token: string }) {
  const confirm = useConfirmPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '' },
  });
  const passwordError = formState.errors.password?.message;

  if (confirm.isSuccess) {
    return (
      <EmptyState
        icon={CircleCheck}
        title="Your password is changed"
        description="Every browser that was signed in to your account has been signed out, and any passkeys and API keys removed. Webhook endpoints are turned off with new signing secrets, and accountants read nothing until you confirm them. Sign in with your new password to review it all in your profile."
        action={
          <Button asChild>
            <a href="/">Sign in to Meridian</a>
          </Button>
        }
      />
    );
  }

  const onSubmit = handleSubmit(({ password }) => {
    setFormError(null);
    confirm.mutate(
      { token, password },
      { onError: (error) => setFormError(applyServerErrors(error, setError, fieldNames)) },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Choose a new password">
      {formError && (
        <ErrorAlert>
          {formError}{' '}
          <a href="/forgot-password" className="font-medium underline underline-offset-4">
            Ask for a new link
          </a>
        </ErrorAlert>
      )}
      <FormField id="reset-password" label="New password" hint={NEW_PASSWORD_HINT} error={passwordError}>
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={describedBy('reset-password', { hint: NEW_PASSWORD_HINT, error: passwordError })}
          {...register('password')}
        />
      </FormField>
      <p className="text-muted-foreground text-sm">
        A new password signs out every browser signed in to your account and removes its passkeys and API
        keys; webhooks and accountants are paused until you review them.
      </p>
      <Button type="submit" size="lg" disabled={confirm.isPending}>
        {confirm.isPending && <Spinner />}
        Change password
      </Button>
    </form>
  );
}
