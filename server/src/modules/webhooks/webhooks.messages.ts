import { webhookEventLabels, type WebhookEventType } from '@contract/webhooks';
import type { NewCredentialNews } from '../auth/credential-guard';
import { quotedBlock } from '../mail/mail-text';

/** The owner's mail and notification about a new endpoint: where the account's events will now go. */
export function webhookCreatedNews(url: string, events: readonly WebhookEventType[]): NewCredentialNews {
  return {
    kind: 'webhook-endpoint-created',
    title: 'New webhook endpoint added',
    summary: 'A webhook endpoint was added: Meridian now sends your account’s events to it.',
    details: [
      'A webhook endpoint was just added to your Meridian account. From now on Meridian sends it these events,',
      `with their amounts and counterparties: ${events.map((type) => webhookEventLabels[type]).join(', ')}.`,
      '',
      ...quotedBlock('Its address, as typed when it was added:', [['URL', url]]),
    ],
  };
}
