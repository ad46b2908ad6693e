import { z } from 'zod';
import { stepUpPasswordSchema } from './security';

/**
 * Signed webhooks (/api/webhooks): endpoints a user registers for events, and the log of what was delivered.
 * Deliveries follow the Standard Webhooks convention (standardwebhooks.com): headers `webhook-id` (the event's
 * id, the same on every retry), `webhook-timestamp` (Unix seconds) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one per live secret, space separated); the body is
 * `{ type, timestamp, data }`.
 */
export const webhookEventTypes = [
  'payment.received',
  'transfer.delivered',
  'transfer.held',
  'transfer.returned',
  'invoice.paid',
  'invoice.overdue',
  'card.purchase',
  'schedule.failed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** What an endpoint's test button sends; nobody subscribes to it. */
export const WEBHOOK_PING = 'webhook.ping';

export const webhookEventLabels: Record<WebhookEventType, string> = {
  'payment.received': 'Payment received',
  'transfer.delivered': 'Transfer delivered',
  'transfer.held': 'Transfer held',
  'transfer.returned': 'Transfer returned',
  'invoice.paid': 'Invoice paid',
  'invoice.overdue': 'Invoice overdue',
  'card.purchase': 'Card purchase',
  'schedule.failed': 'Scheduled payment failed',
};

export const MAX_WEBHOOK_ENDPOINTS = 10;

export const webhookUrlSchema = z
  .string({ error: 'URL is required' })
  .trim()
  .max(2000, 'URL is too long')
  .refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), {
    message: 'Enter a URL starting with https://',
  });

export const webhookEventsSchema = z
  .array(z.enum(webhookEventTypes))
  .min(1, 'Choose at least one event')
  .transform((events) => [...new Set(events)]);

/** POST /api/webhooks: the owner's password again (a demo's is empty), as the secret outlives the session. */
export const createWebhookBodySchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  password: stepUpPasswordSchema,
});
export type CreateWebhookBody = z.input<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z.object({
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.input<typeof updateWebhookBodySchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  /** Set when deliveries failed for a day and the endpoint was turned off (PATCH enabled: true resumes). */
  disabledAt: z.string().nullable(),
  /** The first failure of the current run of failures; null once a delivery succeeds. */
  failingSince: z.string().nullable(),
  /** Until when a secret rotated out still signs too (the last of them to stop), or null. */
  previousSecretUntil: z.string().nullable(),
  /**
   * Set when a password reset (or "sign out everywhere" with the option) turned the endpoint off and replaced
   * its secret with one nobody has seen: rotate it (POST …/rotate-secret) before turning it on again.
   */
  secretRevokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

/** The secret is shown once: on creation and on rotation. */
export const webhookSecretAnswerSchema = z.object({
  endpoint: webhookEndpointSchema,
  secret: z.string(),
});
export type WebhookSecretAnswer = z.infer<typeof webhookSecretAnswerSchema>;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  statusCode: z.number().nullable(),
  latencyMs: z.number().nullable(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().nullable(),
  lastLatencyMs: z.number().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  /** Every attempt, newest first. */
  log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(webhookDeliverySchema),
  /** Days a delivery and its log are kept once it is over (delivered, or failed); older ones are deleted. */
  keptDays: z.number().int(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
