import { useState, type FormEvent } from 'react';
import { Check, Copy, KeyRound, Trash2, TriangleAlert } from 'lucide-react';
import {
  apiKeyScopeNames,
  apiKeyScopes,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@contract/api-keys';
import { LoadError } from '@web/components/load-error';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCopyToClipboard } from '@web/hooks/use-copy-to-clipboard';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { relativeTime } from '@web/lib/relative-time';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { StepUpPasswordField } from './step-up-password-field';

const scopeHelp: Record<ApiKeyScope, string> = {
  read: 'Reads wallets, history, invoices and statements. Changes nothing.',
  invoices: 'Also writes invoices, clients, receipts, categories and notes. Never moves money.',
  payments: 'Also sends money and manages scheduled payments. Keep it safest of all.',
};

/**
 * "Personal API keys": make a key for a script or a tool (named, scoped, optionally expiring, with the
 * password again), see its secret once, list the keys with when each was last used, and revoke one at once.
 */
export function ApiKeysCard({ isDemo }: { isDemo: boolean }) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal API keys</CardTitle>
        <CardDescription>
          Let your own scripts and tools call Meridian&apos;s API as you, with{' '}
          <code className="font-mono text-xs">Authorization: Bearer</code>.
          {isDemo && ' A demo key only ever reaches the demo money.'}
        </CardDescription>
      </CardHeader>
      <div className="grid gap-5">
        {created ? (
          <NewKey created={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateForm isDemo={isDemo} onCreated={setCreated} />
        )}
        <KeyList />
      </div>
    </Card>
  );
}

function CreateForm({ isDemo, onCreated }: { isDemo: boolean; onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expiresOn, setExpiresOn] = useState('');
  const [password, setPassword] = useState('');
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  const formError =
    create.isError && !fields.name && !fields.expiresOn && !fields.password
      ? friendlyErrorMessage(create.error)
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, scope, expiresOn: expiresOn || null, password },
      {
        onSuccess: (key) => {
          onCreated(key);
          setName('');
          setScope('read');
          setExpiresOn('');
          setPassword('');
        },
      },
    );
  };

  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label="New API key">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="api-key-name" label="Name" error={fields.name}>
          <Input
            id="api-key-name"
            autoComplete="off"
            placeholder="Receipt filer"
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={fields.name ? true : undefined}
            aria-describedby={describedBy('api-key-name', { error: fields.name })}
            required
          />
        </FormField>
        <FormField id="api-key-expiry" label="Expires after (optional)" error={fields.expiresOn}>
          <Input
            id="api-key-expiry"
            type="date"
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.target.value)}
            aria-invalid={fields.expiresOn ? true : undefined}
            aria-describedby={describedBy('api-key-expiry', { error: fields.expiresOn })}
          />
        </FormField>
      </div>
      <FormField id="api-key-scope" label="Scope" hint={scopeHelp[scope]}>
        <NativeSelect
          id="api-key-scope"
          value={scope}
          onChange={(event) => setScope(event.target.value as ApiKeyScope)}
          aria-describedby={describedBy('api-key-scope', { hint: scopeHelp[scope] })}
        >
          {apiKeyScopes.map((option) => (
            <option key={option} value={option}>
              {apiKeyScopeNames[option]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {!isDemo && (
        <StepUpPasswordField
          id="api-key-password"
          value={password}
          onChange={setPassword}
          error={fields.password}
        />
      )}
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <Button type="submit" className="justify-self-start" disabled={create.isPending || name.trim() === ''}>
        <KeyRound /> Create key
      </Button>
    </form>
  );
}

/** The secret, this one time: copy it now, it is never shown again. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <section className="grid gap-3" aria-label={`New key ${created.name}`}>
      <Alert>
        <TriangleAlert aria-hidden />
        <span>
          Copy this key now: this is the only time it is shown. Anyone who has it can act as you within its
          scope ({apiKeyScopeNames[created.scope].toLowerCase()}), so keep it out of code you share.
        </span>
      </Alert>
      <code
        aria-label="Your new API key"
        data-testid="new-api-key"
        className="rounded-lg border bg-muted p-3 font-mono text-sm break-all select-all"
      >
        {created.secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy(created.secret, 'the key')}>
          {copied ? <Check className="text-success" /> : <Copy />}
          {copied ? 'Copied' : 'Copy key'}
        </Button>
        <Button onClick={onDone}>I saved it</Button>
      </div>
    </section>
  );
}

function KeyList() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  if (keys.isError) return <LoadError error={keys.error} onRetry={() => void keys.refetch()} />;
  if (!keys.data) return <Skeleton role="status" aria-label="Loading API keys" className="h-16" />;
  if (keys.data.keys.length === 0)
    return (
      <p className="text-sm text-muted-foreground">You have no API keys. Nothing can call the API as you.</p>
    );
  return (
    <>
      <ul className="divide-y rounded-lg border" aria-label="API keys">
        {keys.data.keys.map((key) => (
          <li key={key.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
            <KeyRound aria-hidden className="size-5 text-muted-foreground" />
            <div className="min-w-0 flex-1">
              <p className="font-medium break-all">
                {key.name} <Badge variant="secondary">{apiKeyScopeNames[key.scope]}</Badge>
                {isExpired(key) && (
                  <>
                    {' '}
                    <Badge variant="destructive">Expired</Badge>
                  </>
                )}
              </p>
              <p className="text-xs text-muted-foreground">
                <span className="font-mono">{key.prefix}…</span> · {describe(key)}
              </p>
            </div>
            <Button
              size="sm"
              variant="outline"
              disabled={revoke.isPending}
              aria-label={`Revoke the key ${key.name}`}
              onClick={() => setRevoking(key)}
            >
              <Trash2 /> Revoke
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this key?"
        description={
          revoking
            ? `Anything using “${revoking.name}” will be refused from this moment. This cannot be undone.`
            : ''
        }
        action="Revoke"
        destructive
        confirm={() => revoke.mutateAsync(revoking!.id)}
      />
    </>
  );
}

const isExpired = (key: ApiKey) => key.expiresAt !== null && new Date(key.expiresAt) <= new Date();

function describe(key: ApiKey): string {
  const made = `created ${new Date(key.createdAt).toLocaleDateString()}`;
  const used = key.lastUsedAt ? `last used ${relativeTime(key.lastUsedAt).toLowerCase()}` : 'never used';
  // The key works through its last day (UTC): show that day, not the moment after it.
  const lastDay = key.expiresAt
    ? new Date(Date.parse(key.expiresAt) - 1).toLocaleDateString(undefined, { timeZone: 'UTC' })
    : null;
  const expiry = lastDay ? `${isExpired(key) ? 'expired' : 'expires after'} ${lastDay}` : 'no expiry';
  return [made, used, expiry].join(' · ');
}
