import { useState, type FormEvent } from 'react';
import { Check, Copy, RefreshCw, Send, Trash2, Webhook } from 'lucide-react';
import {
  webhookEventLabels,
  webhookEventTypes,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@contract/webhooks';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { FormField, describedBy } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCopyToClipboard } from '@web/hooks/use-copy-to-clipboard';
import { toast } from '@web/hooks/use-toast';
import { ApiError, friendlyErrorMessage } from '@web/lib/api-client';
import { relativeTime } from '@web/lib/relative-time';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRedeliverWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';

/**
 * "Webhooks": URLs Meridian calls when something happens (a payment arrives, an invoice is paid…), signed the
 * Standard Webhooks way. The signing secret is shown once, on creation and on rotation.
 */
export function WebhooksCard() {
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
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
        <AddEndpointForm onCreated={setSecret} />
        <EndpointList onSecret={setSecret} />
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

function AddEndpointForm({ onCreated }: { onCreated: (shown: { url: string; secret: string }) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['payment.received', 'invoice.paid']);
  const fields = create.error instanceof ApiError ? create.error.fields : {};
  const urlError = fields.url;
  const eventsError = fields.events;
  const formError =
    create.isError && !urlError && !eventsError ? friendlyErrorMessage(create.error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (created) => {
          onCreated({ url: created.endpoint.url, secret: created.secret });
          setUrl('');
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

function EndpointList({ onSecret }: { onSecret: (shown: { url: string; secret: string }) => void }) {
  const endpoints = useWebhookEndpoints();
  const remove = useDeleteWebhook();
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  if (endpoints.isError)
    return <LoadError error={endpoints.error} onRetry={() => void endpoints.refetch()} />;
  if (!endpoints.data) return <Skeleton role="status" aria-label="Loading webhooks" className="h-16" />;
  if (endpoints.data.length === 0)
    return <p className="text-sm text-muted-foreground">No endpoints yet: nothing is sent anywhere.</p>;
  return (
    <>
      <ul className="divide-y rounded-lg border" aria-label="Webhook endpoints">
        {endpoints.data.map((endpoint) => (
          <EndpointItem
            key={endpoint.id}
            endpoint={endpoint}
            onSecret={onSecret}
            onRemove={() => setRemoving(endpoint)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Delete this endpoint?"
        description={removing ? `Nothing more will be sent to ${removing.url}, and its log goes too.` : ''}
        action="Delete"
        destructive
        confirm={() => remove.mutateAsync(removing!.id)}
      />
    </>
  );
}

function EndpointItem({
  endpoint,
  onSecret,
  onRemove,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (shown: { url: string; secret: string }) => void;
  onRemove: () => void;
}) {
  const [open, setOpen] = useState(false);
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const update = useUpdateWebhook();
  const failed = (error: unknown) =>
    toast({ variant: 'destructive', title: 'That did not work', description: friendlyErrorMessage(error) });

  return (
    <li className="grid gap-3 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <Webhook aria-hidden className="size-5 text-muted-foreground" />
        <div className="min-w-0 flex-1">
          <p className="font-medium break-all">
            {endpoint.url} <EndpointStatus endpoint={endpoint} />
          </p>
          <p className="text-xs text-muted-foreground">
            {endpoint.events.map((type) => webhookEventLabels[type]).join(' · ')}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={test.isPending}
          aria-label={`Send a test event to ${endpoint.url}`}
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: () => {
                setOpen(true);
                toast({ title: 'Test event sent', description: 'Its delivery shows in the log.' });
              },
              onError: failed,
            })
          }
        >
          <Send /> Send test
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-expanded={open}
          aria-controls={`deliveries-${endpoint.id}`}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        {!endpoint.enabled && (
          <Button
            size="sm"
            variant="outline"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: endpoint.id, body: { enabled: true } }, { onError: failed })}
          >
            Turn on
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          disabled={rotate.isPending}
          aria-label={`Rotate the secret of ${endpoint.url}`}
          onClick={() =>
            rotate.mutate(endpoint.id, {
              onSuccess: (rotated) => onSecret({ url: rotated.endpoint.url, secret: rotated.secret }),
              onError: failed,
            })
          }
        >
          <RefreshCw /> Rotate secret
        </Button>
        <Button size="sm" variant="outline" aria-label={`Delete ${endpoint.url}`} onClick={onRemove}>
          <Trash2 /> Delete
        </Button>
      </div>
      {open && <DeliveryLog endpointId={endpoint.id} />}
    </li>
  );
}

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.enabled) return <Badge variant="destructive">Turned off</Badge>;
  if (endpoint.failingSince) return <Badge variant="secondary">Failing</Badge>;
  return <Badge variant="success">Active</Badge>;
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliverWebhook();
  const body = () => {
    if (deliveries.isError)
      return <LoadError error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
    if (!deliveries.data) return <Skeleton role="status" aria-label="Loading deliveries" className="h-12" />;
    if (deliveries.data.length === 0)
      return <p className="text-muted-foreground">Nothing sent yet. Send a test event to try it.</p>;
    return (
      <ul className="divide-y rounded-md border" aria-label="Deliveries">
        {deliveries.data.map((delivery) => (
          <li key={delivery.id} className="flex flex-wrap items-center gap-2 p-2">
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {delivery.eventType} <DeliveryStatus delivery={delivery} />
              </p>
              <p className="text-xs break-all text-muted-foreground">{describe(delivery)}</p>
            </div>
            <Button
              size="sm"
              variant="ghost"
              disabled={redeliver.isPending || delivery.status === 'pending'}
              aria-label={`Redeliver ${delivery.eventType} ${delivery.eventId}`}
              onClick={() =>
                redeliver.mutate(delivery.id, {
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: 'Could not redeliver',
                      description: friendlyErrorMessage(error),
                    }),
                })
              }
            >
              <RefreshCw /> Redeliver
            </Button>
          </li>
        ))}
      </ul>
    );
  };
  return (
    <div id={`deliveries-${endpointId}`} className="grid gap-2 text-sm">
      {body()}
    </div>
  );
}

function DeliveryStatus({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.status === 'delivered') return <Badge variant="success">Delivered</Badge>;
  if (delivery.status === 'failed') return <Badge variant="destructive">Failed</Badge>;
  return <Badge variant="secondary">{delivery.attempts > 0 ? 'Retrying' : 'Pending'}</Badge>;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

function describe(delivery: WebhookDelivery): string {
  const parts = [relativeTime(delivery.createdAt)];
  if (delivery.lastStatusCode !== null) parts.push(`HTTP ${delivery.lastStatusCode}`);
  else if (delivery.lastError) parts.push(delivery.lastError);
  if (delivery.lastLatencyMs !== null) parts.push(`${delivery.lastLatencyMs} ms`);
  parts.push(`${delivery.attempts} ${delivery.attempts === 1 ? 'try' : 'tries'}`);
  if (delivery.status === 'pending' && delivery.nextAttemptAt && delivery.attempts > 0)
    parts.push(`next try ${timeFormat.format(new Date(delivery.nextAttemptAt))}`);
  parts.push(delivery.eventId);
  return parts.join(' · ');
}
