import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_PING } from '@contract/webhooks';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { SecretBox } from '../../lib/secret-box';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import { checkWebhookUrl } from './public-address';
import { postWebhook, type SendResult } from './webhook-sender';
import { liveSecrets } from './webhook-secrets';
import { webhookHeaders } from './webhook-signing';
import * as repo from './webhooks.repository';
import { drainInTurns } from '../../lib/drain';

const BATCH = 20;
/** Longer than a send can take (10 s timeout), so a lease never ends while its POST is still going. */
const LEASE_MS = 60_000;
export const DAY_MS = 86_400_000;
/** 30 s, 2 min, 8 min, 32 min, ~2 h, ~8.5 h, then 12 h: retrying stops a day after the event. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 4 ** (attempts - 1), 12 * 3_600_000);

export interface WebhookDeliveryDeps {
  db: Kysely<Database>;
  box: SecretBox;
  notifier: Notifier;
  mailer: Mailer;
  log: FastifyBaseLogger;
  allowPrivate: boolean;
  now?: () => Date;
  /** Name resolution for the SSRF check (tests pin a name to an address). */
  resolve?: Parameters<typeof checkWebhookUrl>[1]['resolve'];
}

/**
 * Delivers the webhook outbox after the transactions that wrote it committed: claims are leased in the
 * database, so processes never send one delivery at once; a delivery is retried with growing delays for a
 * day (at least once: a process killed after the POST and before recording it sends again, with the same
 * webhook-id, which is how receivers drop repeats). Every attempt is logged. An endpoint that has failed for
 * a day is turned off, and its owner told by notification and email.
 */
export function createWebhookDelivery(deps: WebhookDeliveryDeps) {
  const { db, box, notifier, mailer, log, allowPrivate } = deps;
  const now = deps.now ?? (() => new Date());

  async function attempt(url: string, secrets: string[], id: string, body: string): Promise<SendResult> {
    let address;
    try {
      address = await checkWebhookUrl(url, { allowPrivate, resolve: deps.resolve });
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'The URL could not be checked';
      return { statusCode: null, latencyMs: 0, error: message };
    }
    const timestamp = Math.floor(now().getTime() / 1000);
    return postWebhook(url, address, webhookHeaders(secrets, id, timestamp, body), body);
  }

  /**
   * Counts a failure against the endpoint. It is turned off once it has failed for a day: its run of failures
   * is a day old, or a delivery gave up after its day of retries with no success anywhere since its first try.
   */
  async function endpointFailed(endpointId: string, at: Date, gaveUp: { deliveryId: string } | null) {
    const endpoint = await repo.markFailing(db, endpointId, at.toISOString());
    if (!endpoint?.failing_since || Number(endpoint.enabled) !== 1) return;
    const since = new Date(endpoint.failing_since).getTime();
    const firstTry = gaveUp ? await repo.firstAttemptAt(db, gaveUp.deliveryId) : null;
    const aDay =
      at.getTime() - since >= DAY_MS || (firstTry !== null && since <= new Date(firstTry).getTime());
    if (!aDay) return;
    await db.transaction().execute(async (trx) => {
      if (!(await repo.disableIfEnabled(trx, endpointId, at.toISOString()))) return;
      const message = `Deliveries to ${endpoint.url} have failed for a day, so it was turned off. Fix it and turn it back on in your profile.`;
      await notifier.raise(trx, endpoint.user_id, {
        category: 'warning',
        type: 'system',
        title: 'Webhook endpoint turned off',
        message,
        actionUrl: '/profile',
        actionText: 'Open profile',
      });
      const owner = await repo.userEmail(trx, endpoint.user_id);
      if (owner) {
        await mailer.enqueue(trx, {
          kind: 'webhook-disabled',
          to: owner.email,
          userId: endpoint.user_id,
          subject: 'A webhook endpoint was turned off',
          text: `${message}\n\n${mailer.link('/profile')}\n`,
        });
      }
    });
    mailer.kick();
  }

  async function deliverOne(claimed: Awaited<ReturnType<typeof repo.claimDue>>[number]) {
    const [endpoint, event] = await Promise.all([
      repo.endpointById(db, claimed.endpoint_id),
      repo.eventById(db, claimed.event_id),
    ]);
    if (!endpoint || !event) return;
    if (Number(endpoint.enabled) !== 1 && event.type !== WEBHOOK_PING) {
      await repo.updateDelivery(db, claimed.id, {
        status: 'failed',
        next_attempt_at: null,
        last_error: 'The endpoint is turned off',
      });
      return;
    }
    const started = now();
    // The payload is the JSON as written with the event, so every retry sends (and signs) the same bytes.
    const result = await attempt(endpoint.url, liveSecrets(box, endpoint, started), event.id, event.payload);
    const at = now();
    await repo.insertAttempt(db, {
      id: newId(),
      delivery_id: claimed.id,
      at: at.toISOString(),
      status_code: result.statusCode,
      latency_ms: result.latencyMs,
      error: result.error,
    });
    const last = {
      last_status_code: result.statusCode,
      last_latency_ms: result.latencyMs,
      last_error: result.error,
    };
    if (!result.error) {
      await repo.updateDelivery(db, claimed.id, {
        ...last,
        status: 'delivered',
        delivered_at: at.toISOString(),
        next_attempt_at: null,
      });
      await repo.updateEndpoint(db, endpoint.id, { failing_since: null });
      return;
    }
    const retryAt = at.getTime() + retryDelayMs(Number(claimed.attempts));
    const until = new Date(claimed.retry_until).getTime();
    // The last try lands on the day's end rather than past it; after that try, the delivery has failed.
    const next = at.getTime() >= until ? null : new Date(Math.min(retryAt, until)).toISOString();
    await repo.updateDelivery(db, claimed.id, {
      ...last,
      ...(next ? { next_attempt_at: next } : { status: 'failed', next_attempt_at: null }),
    });
    log.warn(
      { deliveryId: claimed.id, attempts: claimed.attempts, giveUp: !next },
      'webhook delivery failed',
    );
    await endpointFailed(endpoint.id, at, next ? null : { deliveryId: claimed.id });
  }

  async function deliverBatch(): Promise<number> {
    const at = now();
    const claimed = await repo.claimDue(
      db,
      at.toISOString(),
      new Date(at.getTime() + LEASE_MS).toISOString(),
      BATCH,
    );
    await Promise.all(claimed.map((delivery) => deliverOne(delivery)));
    return claimed.length;
  }

  /** Sends everything due now (drainInTurns: one run at a time per process); resolves with how many were tried. */
  const deliverDue = drainInTurns(deliverBatch);

  return { deliverDue };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
