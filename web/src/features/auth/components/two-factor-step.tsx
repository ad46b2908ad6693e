import { useState, type FormEvent } from 'react';
import { ErrorAlert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { useLoginTwoFactor } from '../api/login-two-factor';

/**
 * The sign-in's second step: the code from the authenticator app, or a recovery code instead. When the
 * challenge is over (expired, used, too many wrong codes) the password step comes back via `onExpired`.
 */
export function TwoFactorStep({
  challengeId,
  onExpired,
  onBack,
}: {
  challengeId: string;
  onExpired: (message: string) => void;
  onBack: () => void;
}) {
  const answer = useLoginTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const id = recovery ? 'sign-in-recovery-code' : 'sign-in-code';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const value = code.trim();
    if (!recovery && !/^\d{6}$/.test(value.replace(/\s/g, ''))) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    if (!value) {
      setError('Enter one of your recovery codes');
      return;
    }
    setError(undefined);
    answer.mutate(
      { challengeId, code: value },
      {
        onError: (failure) => {
          if (failure instanceof ApiError && failure.body?.code === 'SIGN_IN_EXPIRED') {
            onExpired(failure.body.message);
          } else if (failure instanceof ApiError && failure.body?.code === 'INVALID_CREDENTIALS') {
            setError(recovery ? 'That recovery code is wrong or already used' : 'Incorrect code');
          } else {
            setFormError(friendlyErrorMessage(failure));
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Two-factor code">
      <p className="text-sm text-muted-foreground">
        {recovery
          ? 'Enter one of the recovery codes you saved. Each works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <FormField id={id} label={recovery ? 'Recovery code' : 'Authentication code'} error={error}>
        <Input
          key={id}
          id={id}
          autoFocus
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error })}
        />
      </FormField>
      <Button type="submit" size="lg" disabled={answer.isPending}>
        {answer.isPending && <Spinner />}
        Verify
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          variant="link"
          className="h-auto px-0"
          onClick={() => {
            setRecovery((current) => !current);
            setCode('');
            setError(undefined);
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </Button>
        <Button variant="link" className="h-auto px-0" onClick={onBack}>
          Back
        </Button>
      </div>
    </form>
  );
}
