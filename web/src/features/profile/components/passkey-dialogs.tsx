import { useState, type FormEvent } from 'react';
import { passkeyNameSchema, type Passkey } from '@contract/passkeys';
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
import { ApiError } from '@web/lib/api-client';
import { passkeyErrorMessage } from '@web/lib/passkey-errors';
import { useAddPasskey, useRenamePasskey } from '../api/passkeys';

/** The Passkeys card's dialogs: adding one (a name and the password, then the device's prompt), renaming one. */

/** A guess at a name people recognise: the kind of device they are adding it on. */
function deviceName(): string {
  const agent = navigator.userAgent;
  if (/iPhone|iPad/.test(agent)) return 'iPhone';
  if (/Android/.test(agent)) return 'Android phone';
  if (/Mac OS X/.test(agent)) return 'Mac';
  if (/Windows/.test(agent)) return 'Windows PC';
  return 'This device';
}

type Field = 'name' | 'password';

export function AddPasskeyDialog({ onClose }: { onClose: () => void }) {
  const add = useAddPasskey();
  const [values, setValues] = useState({ name: deviceName(), password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const name = passkeyNameSchema.safeParse(values.name);
    const found: Partial<Record<Field, string>> = {};
    if (!name.success) found.name = name.error.issues[0]?.message;
    if (values.password === '') found.password = 'Enter your password';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    add.mutate(
      { name: name.data!, password: values.password },
      {
        onSuccess: (passkey) => {
          toast({ title: 'Passkey added', description: `“${passkey.name}” now signs you in.` });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
          else setFormError(passkeyErrorMessage(error, 'The passkey could not be added.'));
        },
      },
    );
  };

  const field = (name: Field, label: string, props: React.ComponentProps<typeof Input>, hint?: string) => (
    <FormField id={`passkey-${name}`} label={label} hint={hint} error={errors[name]}>
      <Input
        id={`passkey-${name}`}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(`passkey-${name}`, { hint, error: errors[name] })}
        {...props}
      />
    </FormField>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a passkey</DialogTitle>
          <DialogDescription>
            Your device will ask for your fingerprint, face or screen lock to make it.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Add a passkey">
          {formError && <ErrorAlert>{formError}</ErrorAlert>}
          {field(
            'name',
            'Passkey name',
            { autoComplete: 'off', maxLength: 60 },
            'So you can tell your passkeys apart.',
          )}
          {field('password', 'Your password', { type: 'password', autoComplete: 'current-password' })}
          <Button type="submit" disabled={add.isPending}>
            {add.isPending && <Spinner />}
            Add passkey
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function RenamePasskeyDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    rename.mutate(
      { id: passkey.id, name: parsed.data },
      {
        onSuccess: onClose,
        onError: (caught) => {
          if (caught instanceof ApiError && caught.fields.name) setError(caught.fields.name);
          else setFormError(passkeyErrorMessage(caught, 'The passkey could not be renamed.'));
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename passkey</DialogTitle>
          <DialogDescription>Only the name changes; the passkey signs in as before.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Rename passkey">
          {formError && <ErrorAlert>{formError}</ErrorAlert>}
          <FormField id="passkey-rename" label="Passkey name" error={error}>
            <Input
              id="passkey-rename"
              value={name}
              maxLength={60}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy('passkey-rename', { error })}
            />
          </FormField>
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending && <Spinner />}
            Save name
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
