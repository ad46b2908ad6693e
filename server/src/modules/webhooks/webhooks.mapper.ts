import type { Selectable } from 'kysely';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@contract/webhooks';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema';
import { previousSecretsAt } from './webhook-secrets';

export function toEndpoint(row: Selectable<WebhookEndpointsTable>, at: Date): WebhookEndpoint {
  // Newest first: the first ends last.
  const [latest] = previousSecretsAt(row, at);
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    enabled: Number(row.enabled) === 1,
    disabledAt: row.disabled_at,
    failingSince: row.failing_since,
    previousSecretUntil: latest?.until ?? null,
    secretRevokedAt: row.secret_revoked_at,
    createdAt: row.created_at,
  };
}

export function toDelivery(
  row: Selectable<WebhookDeliveriesTable> & { event_type: string },
  attempts: Selectable<WebhookAttemptsTable>[],
): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastLatencyMs: row.last_latency_ms === null ? null : Number(row.last_latency_ms),
    lastError: row.last_error,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
    log: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .map((attempt) => ({
        at: attempt.at,
        statusCode: attempt.status_code === null ? null : Number(attempt.status_code),
        latencyMs: attempt.latency_ms === null ? null : Number(attempt.latency_ms),
        error: attempt.error,
      })),
  };
}
