import { useEffect, useRef, useState, type FormEvent } from 'react';
import { enableTwoFactorBodySchema, type TwoFactorSetup } from '@contract/two-factor';
import { LoadError } from '@web/components/load-error';
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
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { RecoveryCodesList } from './recovery-codes';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';

/**
 * Turning two-factor on: a fresh secret is made when the dialog opens (scan the QR code or type the key),
 * a code from the app and the account's password confirm it (a stolen session must not enrol its own
 * authenticator), then the ten recovery codes are shown once.
 */
export function TwoFactorEnrolDialog({ onClose }: { onClose: () => void }) {
  const setup = useSetupTwoFactor();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // One secret per opening: the ref survives React's development double-run of effects.
  const started = useRef(false);
  const { mutate } = setup;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{recoveryCodes ? 'Save your recovery codes' : 'Turn on two-factor'}</DialogTitle>
          <DialogDescription>
            {recoveryCodes
              ? 'Two-factor authentication is on.'
              : 'Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy…), then enter the code it shows.'}
          </DialogDescription>
        </DialogHeader>
        {recoveryCodes ? (
          <RecoveryCodesList codes={recoveryCodes} onDone={onClose} />
        ) : setup.isError ? (
          <LoadError error={setup.error} onRetry={() => setup.mutate()} />
        ) : setup.data ? (
          <ConfirmCode setup={setup.data} onEnabled={setRecoveryCodes} />
        ) : (
          <div role="status" aria-label="Preparing two-factor" className="grid justify-items-center gap-3">
            <Skeleton className="size-48 rounded-xl" />
            <Skeleton className="h-4 w-56" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

type Field = 'code' | 'password';

function ConfirmCode({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled: (codes: string[]) => void }) {
  const enable = useEnableTwoFactor();
  const [values, setValues] = useState({ code: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = enableTwoFactorBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    enable.mutate(parsed.data, {
      onSuccess: ({ recoveryCodes }) => {
        toast({ title: 'Two-factor On', description: 'Signing in now also needs a code from your app.' });
        onEnabled(recoveryCodes);
      },
      onError: (failure) => {
        if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) setErrors(failure.fields);
        else setFormError(friendlyErrorMessage(failure, 'Two-factor could not be turned on.'));
      },
    });
  };
  const change = (name: Field) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Confirm two-factor">
      <img
        src={setup.qrCode}
        alt="QR code for your authenticator app"
        className="size-48 justify-self-center rounded-lg bg-white p-2"
      />
      <div className="grid gap-1 text-center">
        <p className="text-xs text-muted-foreground">Or type this key into the app</p>
        <code data-testid="two-factor-secret" className="font-mono text-sm break-all select-all">
          {setup.secret}
        </code>
      </div>
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <FormField id="two-factor-code" label="Code from the app" error={errors.code}>
        <Input
          id="two-factor-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={values.code}
          onChange={change('code')}
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={describedBy('two-factor-code', { error: errors.code })}
        />
      </FormField>
      <FormField id="two-factor-password" label="Your password" error={errors.password}>
        <Input
          id="two-factor-password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={change('password')}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy('two-factor-password', { error: errors.password })}
        />
      </FormField>
      <Button type="submit" disabled={enable.isPending}>
        {enable.isPending && <Spinner />}
        Turn on
      </Button>
    </form>
  );
}
