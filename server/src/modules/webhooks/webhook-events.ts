import type { Kysely } from 'kysely';
import type { WebhookEventType } from '@contract/webhooks';
import type { Database } from '../../db/schema';

/**
 * What other modules call to announce an event: `record` writes it in their own transaction (the outbox), so a
 * webhook goes out if and only if what it announces committed. Data is plain JSON (amounts as decimal strings).
 */
export interface WebhookEvents {
  record(
    trx: Kysely<Database>,
    userId: string,
    type: WebhookEventType,
    data: Record<string, unknown>,
  ): Promise<void>;
  /** Several events of one movement (the sender's and the recipient's), their endpoints read at once. */
  recordEach(trx: Kysely<Database>, announcements: readonly WebhookAnnouncement[]): Promise<void>;
}

export interface WebhookAnnouncement {
  userId: string;
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/** For services built without the webhooks module (tests that make one by hand): announces nothing. */
export const noWebhooks: WebhookEvents = { record: async () => {}, recordEach: async () => {} };
