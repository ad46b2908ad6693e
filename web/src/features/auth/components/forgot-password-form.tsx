import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { passwordResetRequestBodySchema } from '@contract/password-reset';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { useRequestPasswordReset } from '../api/password-reset';

/** Asks for a reset link. The answer never says whether an account has the address: nor does this form. */
export function ForgotPasswordForm() {
  const ask = useRequestPasswordReset();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(passwordResetRequestBodySchema),
    defaultValues: { email: '' },
  });
  const emailError = formState.errors.email?.message;

  if (ask.isSuccess) {
    return (
      <EmptyState
        icon={MailCheck}
        title="Check your email"
        description={ask.data.message}
        action={
          <Button asChild variant="outline">
            <a href="/">Back to Meridian</a>
          </Button>
        }
      />
    );
  }

  return (
    <form
      onSubmit={handleSubmit((values) => ask.mutate(values))}
      noValidate
      className="grid gap-4"
      aria-label="Reset your password"
    >
      {ask.isError && <ErrorAlert>{friendlyErrorMessage(ask.error)}</ErrorAlert>}
      <p className="text-sm text-muted-foreground">
        Enter the email address of your account. If it is verified, we will send it a link to choose a new
        password.
      </p>
      <FormField id="forgot-email" label="Email" error={emailError}>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="username"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={describedBy('forgot-email', { error: emailError })}
          {...register('email')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={ask.isPending}>
        {ask.isPending && <Spinner />}
        Send reset link
      </Button>
    </form>
  );
}
