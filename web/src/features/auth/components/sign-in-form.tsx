import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@contract/auth';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { applyServerErrors } from '@web/lib/form-errors';
import { useLogin } from '../api/login';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { TwoFactorStep } from './two-factor-step';

const fieldNames = ['email', 'password', 'code'] as const;
const codeHint =
  'Sign-ins to this account from new browsers are paused after many failed attempts. With two-factor on, your password and a code from your app still get you in now; without it, a right password emails you a one-time sign-in link.';

export function SignInForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  // Set when the password was right and the account has two-factor on: the code step shows instead.
  const [challengeId, setChallengeId] = useState<string | null>(null);
  // Offered after a 429: the account-wide pause lets a right password with a right code through.
  const [offerCode, setOfferCode] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    login.mutate(values, {
      onSuccess: (result) => {
        if ('twoFactorRequired' in result) setChallengeId(result.challengeId);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 429) setOfferCode(true);
        setFormError(applyServerErrors(error, setError, fieldNames));
      },
    });
  });

  if (challengeId) {
    return (
      <TwoFactorStep
        challengeId={challengeId}
        onExpired={(message) => {
          setChallengeId(null);
          setFormError(message);
        }}
        onBack={() => setChallengeId(null)}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <FormField id="sign-in-email" label="Email" error={errors.email?.message}>
        <Input
          id="sign-in-email"
          type="email"
          autoComplete="username"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('sign-in-email', { error: errors.email?.message })}
          {...register('email')}
        />
      </FormField>
      <FormField id="sign-in-password" label="Password" error={errors.password?.message}>
        <Input
          id="sign-in-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy('sign-in-password', { error: errors.password?.message })}
          {...register('password')}
        />
      </FormField>
      {/* A plain link: the landing page that hosts this dialog has no router. */}
      <a
        href="/forgot-password"
        className="-mt-2 justify-self-end text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        Forgot password?
      </a>
      {offerCode && (
        <FormField
          id="sign-in-code"
          label="Two-factor code (if you use two-factor)"
          hint={codeHint}
          error={errors.code?.message}
        >
          <Input
            id="sign-in-code"
            autoComplete="one-time-code"
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={describedBy('sign-in-code', { hint: codeHint, error: errors.code?.message })}
            // Left empty, no code is sent.
            {...register('code', { setValueAs: (value: string) => value.trim() || undefined })}
          />
        </FormField>
      )}
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending && <Spinner />}
        Sign in
      </Button>
      <PasskeySignInButton />
    </form>
  );
}
