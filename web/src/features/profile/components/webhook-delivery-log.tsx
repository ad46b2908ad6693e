import { RefreshCw } from 'lucide-react';
import type { WebhookDelivery } from '@contract/webhooks';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { relativeTime } from '@web/lib/relative-time';
import { useRedeliverWebhook, useWebhookDeliveries } from '../api/webhooks';

/** An endpoint's newest deliveries: status, last answer, tries, and Redeliver; and how long they are kept. */
export function WebhookDeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliverWebhook();
  const body = () => {
    if (deliveries.isError)
      return <LoadError error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
    if (!deliveries.data) return <Skeleton role="status" aria-label="Loading deliveries" className="h-12" />;
    const { deliveries: list, keptDays } = deliveries.data;
    if (list.length === 0)
      return <p className="text-muted-foreground">Nothing sent yet. Send a test event to try it.</p>;
    return (
      <>
        <ul className="divide-y rounded-md border" aria-label="Deliveries">
          {list.map((delivery) => (
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
        <p className="text-xs text-muted-foreground">
          Deliveries are kept for {keptDays} days once they are over; Redeliver reaches back that far.
        </p>
      </>
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
