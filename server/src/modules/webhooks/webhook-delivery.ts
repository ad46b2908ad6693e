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
import { createSlotPump } from '../../lib/slot-pump';

/** Deliveries in flight at once in one process (one per endpoint: webhooks.repository.ts claimDue). */
const SLOTS = 20;
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
 *
 * Each endpoint has at most one delivery in flight, and each delivery holds one of the process's slots until
 * it ends, on its own: an endpoint that never answers keeps one slot busy for the send's timeout, while the
 * other endpoints' deliveries go on through the rest. A worker that outlived its lease writes nothing: every
 * outcome is written only while the claim's token is still on the delivery.
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

  type Claimed = Awaited<ReturnType<typeof repo.claimDue>>[number] & { token: string };

  /** The attempt and the delivery's new state, in one transaction, only while the claim is still ours. */
  function settle(
    claimed: Claimed,
    changes: Parameters<typeof repo.settleDelivery>[3],
    tried?: { result: SendResult; at: Date },
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (!(await repo.settleDelivery(trx, claimed.id, claimed.token, changes))) return false;
      if (tried) {
        await repo.insertAttempt(trx, {
          id: newId(),
          delivery_id: claimed.id,
          at: tried.at.toISOString(),
          status_code: tried.result.statusCode,
          latency_ms: tried.result.latencyMs,
          error: tried.result.error,
        });
      }
      return true;
    });
  }

  async function deliverOne(claimed: Claimed) {
    const [endpoint, event] = await Promise.all([
      repo.endpointById(db, claimed.endpoint_id),
      repo.eventById(db, claimed.event_id),
    ]);
    if (!endpoint || !event) return;
    if (Number(endpoint.enabled) !== 1 && event.type !== WEBHOOK_PING) {
      await settle(claimed, {
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
    const last = {
      last_status_code: result.statusCode,
      last_latency_ms: result.latencyMs,
      last_error: result.error,
    };
    const stale = () =>
      log.warn({ deliveryId: claimed.id }, 'webhook outcome not written: the claim had passed to another');
    if (!result.error) {
      const held = await settle(
        claimed,
        { ...last, status: 'delivered', delivered_at: at.toISOString(), next_attempt_at: null },
        { result, at },
      );
      if (held) await repo.updateEndpoint(db, endpoint.id, { failing_since: null });
      else stale();
      return;
    }
    const retryAt = at.getTime() + retryDelayMs(Number(claimed.attempts));
    const until = new Date(claimed.retry_until).getTime();
    // The last try lands on the day's end rather than past it; after that try, the delivery has failed.
    const next = at.getTime() >= until ? null : new Date(Math.min(retryAt, until)).toISOString();
    const held = await settle(
      claimed,
      { ...last, ...(next ? { next_attempt_at: next } : { status: 'failed', next_attempt_at: null }) },
      { result, at },
    );
    if (!held) {
      stale();
      return;
    }
    log.warn(
      { deliveryId: claimed.id, attempts: claimed.attempts, giveUp: !next },
      'webhook delivery failed',
    );
    await endpointFailed(endpoint.id, at, next ? null : { deliveryId: claimed.id });
  }

  const pump = createSlotPump<Claimed>({
    slots: SLOTS,
    claim: async (limit) => {
      const at = now();
      const token = newId();
      const claimed = await repo.claimDue(db, {
        now: at.toISOString(),
        leaseUntil: new Date(at.getTime() + LEASE_MS).toISOString(),
        token,
        limit,
      });
      return claimed.map((row) => ({ ...row, token }));
    },
    work: deliverOne,
    onError: (error) => log.error({ err: error }, 'webhook delivery failed to run'),
  });

  return {
    /** Starts what is due into the free slots and resolves once it is claimed (the job, a response's kick). */
    startDue: () => pump.fill(),
    /** Sends everything due now and waits for it, and for what follows it; resolves with how many were tried. */
    deliverDue: () => pump.drain(),
    /** Starts nothing more and waits for the deliveries in flight (the app is closing). */
    stop: () => pump.stop(),
  };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
