import { useState } from 'react';
import { RefreshCw, Send, Trash2, Webhook } from 'lucide-react';
import { webhookEventLabels, type WebhookEndpoint } from '@contract/webhooks';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookEndpoints,
} from '../api/webhooks';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import type { ShownSecret } from './webhooks-card';

/** The user's endpoints, each with its state and actions (test, deliveries, turn on, rotate, delete). */
export function WebhookEndpointList({ onSecret }: { onSecret: (shown: ShownSecret) => void }) {
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
  onSecret: (shown: ShownSecret) => void;
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
          {endpoint.secretRevokedAt && (
            <p className="text-xs text-muted-foreground">
              Its signing secret was revoked {new Date(endpoint.secretRevokedAt).toLocaleDateString()} (a
              password reset or signing out everywhere). If you added it, rotate the secret, then turn it on.
            </p>
          )}
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
        {!endpoint.enabled && !endpoint.secretRevokedAt && (
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
      {open && <WebhookDeliveryLog endpointId={endpoint.id} />}
    </li>
  );
}

function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.secretRevokedAt) return <Badge variant="destructive">Secret revoked</Badge>;
  if (!endpoint.enabled) return <Badge variant="destructive">Turned off</Badge>;
  if (endpoint.failingSince) return <Badge variant="secondary">Failing</Badge>;
  return <Badge variant="success">Active</Badge>;
}
