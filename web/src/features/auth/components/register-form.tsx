import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { NEW_PASSWORD_HINT, registerBodySchema } from '@contract/auth';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { applyServerErrors } from '@web/lib/form-errors';
import { useRegister } from '../api/register';

const fieldNames = ['email', 'password', 'firstName', 'lastName'] as const;

export function RegisterForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const registerUser = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(registerBodySchema),
    defaultValues: { firstName: '', lastName: '', email: defaultEmail, password: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    registerUser.mutate(values, {
      onError: (error) => setFormError(applyServerErrors(error, setError, fieldNames)),
    });
  });

  const passwordError = errors.password?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Create account">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-first-name" label="First name" error={errors.firstName?.message}>
          <Input id="register-first-name" autoComplete="given-name" {...register('firstName')} />
        </FormField>
        <FormField id="register-last-name" label="Last name" error={errors.lastName?.message}>
          <Input id="register-last-name" autoComplete="family-name" {...register('lastName')} />
        </FormField>
      </div>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input
          id="register-email"
          type="email"
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('register-email', { error: errors.email?.message })}
          {...register('email')}
        />
      </FormField>
      <FormField id="register-password" label="Password" hint={NEW_PASSWORD_HINT} error={passwordError}>
        <Input
          id="register-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={describedBy('register-password', {
            hint: NEW_PASSWORD_HINT,
            error: passwordError,
          })}
          {...register('password')}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={registerUser.isPending}>
        {registerUser.isPending && <Spinner />}
        Create account
      </Button>
    </form>
  );
}
