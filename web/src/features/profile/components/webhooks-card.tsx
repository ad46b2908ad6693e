import { useState, type FormEvent } from 'react';
import { Check, Copy } from 'lucide-react';
import { webhookEventLabels, webhookEventTypes, type WebhookEventType } from '@contract/webhooks';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { useCopyToClipboard } from '@web/hooks/use-copy-to-clipboard';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { useCreateWebhook } from '../api/webhooks';
import { StepUpPasswordField } from './step-up-password-field';
import { WebhookEndpointList } from './webhook-endpoint-list';

/** A secret to show once, with the URL it signs for. */
export interface ShownSecret {
  url: string;
  secret: string;
}

/**
 * "Webhooks": URLs Meridian calls when something happens (a payment arrives, an invoice is paid…), signed the
 * Standard Webhooks way. Adding one asks for the password again. The signing secret is shown once, on
 * creation and on rotation.
 */
export function WebhooksCard({ isDemo }: { isDemo: boolean }) {
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>
          Meridian calls your https URL when the events you pick happen, signed so you can check it was us.
        </CardDescription>
      </CardHeader>
      <div className="grid gap-5">
        {secret && <SecretOnce {...secret} onDone={() => setSecret(null)} />}
        <AddEndpointForm isDemo={isDemo} onCreated={setSecret} />
        <WebhookEndpointList onSecret={setSecret} />
      </div>
    </Card>
  );
}

function SecretOnce({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <section
      aria-label="Signing secret"
      className="grid gap-2 rounded-lg border border-primary/40 p-3 text-sm"
    >
      <p>
        The signing secret of <span className="font-medium break-all">{url}</span>. Copy it now: it is not
        shown again.
      </p>
      <code data-testid="webhook-secret" className="rounded bg-muted px-2 py-1 font-mono text-xs break-all">
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => void copy(secret, 'the secret')}>
          {copied ? <Check className="text-success" /> : <Copy />}
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button size="sm" onClick={onDone}>
          I saved it
        </Button>
      </div>
    </section>
  );
}

function AddEndpointForm({
  isDemo,
  onCreated,
}: {
  isDemo: boolean;
  onCreated: (shown: ShownSecret) => void;
}) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['payment.received', 'invoice.paid']);
  const [password, setPassword] = useState('');
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  const urlError = fields.url;
  const eventsError = fields.events;
  const formError =
    create.isError && !urlError && !eventsError && !fields.password
      ? friendlyErrorMessage(create.error)
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events, password },
      {
        onSuccess: (created) => {
          onCreated({ url: created.endpoint.url, secret: created.secret });
          setUrl('');
          setPassword('');
        },
      },
    );
  };

  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label="Add a webhook endpoint">
      <FormField id="webhook-url" label="Endpoint URL" error={urlError}>
        <Input
          id="webhook-url"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/meridian-webhooks"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={describedBy('webhook-url', { error: urlError })}
          required
        />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Events</legend>
        <div className="grid gap-x-5 gap-y-2 sm:grid-cols-2">
          {webhookEventTypes.map((type) => (
            <label key={type} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={events.includes(type)}
                onChange={(event) =>
                  setEvents((current) =>
                    event.target.checked ? [...current, type] : current.filter((each) => each !== type),
                  )
                }
              />
              {webhookEventLabels[type]}
            </label>
          ))}
        </div>
        {eventsError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {eventsError}
          </p>
        )}
      </fieldset>
      {!isDemo && (
        <StepUpPasswordField
          id="webhook-password"
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
      <Button
        type="submit"
        className="justify-self-start"
        disabled={create.isPending || url.trim() === '' || events.length === 0}
      >
        Add endpoint
      </Button>
    </form>
  );
}
