import type { Kysely } from 'kysely';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_PING,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@contract/webhooks';
import { lockPerUser } from '../../db/per-user-lock';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { SecretBox } from '../../lib/secret-box';
import type { CredentialGuard } from '../auth/credential-guard';
import { checkWebhookUrl } from './public-address';
import { DAY_MS } from './webhook-delivery';
import { previousSecretsAfterRotation, secretContext } from './webhook-secrets';
import { newWebhookSecret } from './webhook-signing';
import type { WebhookAnnouncement } from './webhook-events';
import { toDelivery, toEndpoint } from './webhooks.mapper';
import { webhookCreatedNews } from './webhooks.messages';
import * as repo from './webhooks.repository';

/** A rotated-out secret keeps signing this long, so a receiver can switch to the new one without a gap. */
export const ROTATION_OVERLAP_MS = DAY_MS;
const DELIVERIES_SHOWN = 50;

export type WebhooksService = ReturnType<typeof createWebhooksService>;

const notFound = () => new AppError('NOT_FOUND', 'No such webhook endpoint');
const newEventId = () => `msg_${newId().replaceAll('-', '')}`;

export function createWebhooksService(deps: {
  db: Kysely<Database>;
  box: SecretBox;
  allowPrivate: boolean;
  /** Adding an endpoint asks for the password again and tells the owner (auth/credential-guard.ts). */
  credentials: CredentialGuard;
  now?: () => Date;
  resolve?: Parameters<typeof checkWebhookUrl>[1]['resolve'];
  /** Called whenever something was written for delivery (the module kicks delivery after the response). */
  written: () => void;
}) {
  const { db, box, allowPrivate, credentials, written } = deps;
  const now = deps.now ?? (() => new Date());
  const check = (url: string) => checkWebhookUrl(url, { allowPrivate, resolve: deps.resolve });

  async function owned(userId: string, id: string) {
    const row = await repo.findEndpoint(db, userId, id);
    if (!row) throw notFound();
    return row;
  }

  /** Writes an event and one delivery per endpoint in `endpointIds`, in `trx`. */
  async function writeEvent(
    trx: Kysely<Database>,
    userId: string,
    type: string,
    data: Record<string, unknown>,
    endpointIds: string[],
  ) {
    const at = now();
    const id = newEventId();
    const payload = JSON.stringify({ type, timestamp: at.toISOString(), data });
    await repo.insertEvent(trx, { id, user_id: userId, type, payload, created_at: at.toISOString() });
    const deliveries = endpointIds.map((endpointId) => ({
      id: newId(),
      event_id: id,
      endpoint_id: endpointId,
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: at.toISOString(),
      retry_until: new Date(at.getTime() + DAY_MS).toISOString(),
      last_status_code: null,
      last_latency_ms: null,
      last_error: null,
      delivered_at: null,
      created_at: at.toISOString(),
    }));
    await repo.insertDeliveries(trx, deliveries);
    written();
    return { eventId: id, deliveryIds: deliveries.map((delivery) => delivery.id) };
  }

  /** Each announcement as `record` makes it, the endpoints of all their users read in one query. */
  async function recordEach(
    trx: Kysely<Database>,
    announcements: readonly WebhookAnnouncement[],
  ): Promise<void> {
    if (announcements.length === 0) return;
    const endpoints = await repo.enabledEndpoints(trx, [...new Set(announcements.map((a) => a.userId))]);
    for (const { userId, type, data } of announcements) {
      const wanted = endpoints
        .filter((endpoint) => endpoint.user_id === userId)
        .filter((endpoint) => (JSON.parse(endpoint.events) as string[]).includes(type))
        .map((endpoint) => endpoint.id);
      if (wanted.length > 0) await writeEvent(trx, userId, type, data, wanted);
    }
  }

  return {
    /**
     * Announces an event of `userId`'s in the caller's transaction (the outbox): nothing is written unless
     * an enabled endpoint of theirs wants `type`, so a user without webhooks pays one indexed read.
     */
    async record(
      trx: Kysely<Database>,
      userId: string,
      type: WebhookEventType,
      data: Record<string, unknown>,
    ): Promise<void> {
      await recordEach(trx, [{ userId, type, data }]);
    },

    recordEach,

    async list(userId: string): Promise<WebhookEndpoint[]> {
      const at = now();
      return (await repo.listEndpoints(db, userId)).map((row) => toEndpoint(row, at));
    },

    async create(userId: string, body: { url: string; events: WebhookEventType[]; password: string }) {
      await check(body.url);
      const owner = await credentials.confirm(userId, body.password);
      const id = newId();
      const secret = newWebhookSecret();
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        await lockPerUser(trx, 'webhook-endpoints', userId);
        if ((await repo.countEndpoints(trx, userId)) >= MAX_WEBHOOK_ENDPOINTS) {
          throw new AppError('CONFLICT', `You can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`);
        }
        await repo.insertEndpoint(trx, {
          id,
          user_id: userId,
          url: body.url,
          events: JSON.stringify(body.events),
          secret: box.seal(secret, secretContext(id)),
          enabled: 1,
          disabled_at: null,
          failing_since: null,
          created_at: at,
        });
        await credentials.announce(trx, owner, webhookCreatedNews(body.url, body.events));
      });
      credentials.sent();
      return { endpoint: toEndpoint(await owned(userId, id), now()), secret };
    },

    async update(
      userId: string,
      id: string,
      body: {
        url?: string | undefined;
        events?: WebhookEventType[] | undefined;
        enabled?: boolean | undefined;
      },
    ) {
      const row = await owned(userId, id);
      if (body.enabled === true && row.secret_revoked_at !== null) {
        throw new AppError(
          'CONFLICT',
          'This endpoint’s signing secret was revoked (a password reset or “sign out everywhere”). Rotate the secret to get a new one, then turn the endpoint on.',
        );
      }
      if (body.url !== undefined) await check(body.url);
      await repo.updateEndpoint(db, id, {
        ...(body.url !== undefined && { url: body.url }),
        ...(body.events !== undefined && { events: JSON.stringify(body.events) }),
        // Turning it on again starts afresh: a day of new failures before it is turned off again.
        ...(body.enabled === true && { enabled: 1, disabled_at: null, failing_since: null }),
        ...(body.enabled === false && { enabled: 0, disabled_at: now().toISOString() }),
      });
      return toEndpoint(await owned(userId, id), now());
    },

    async remove(userId: string, id: string) {
      const result = await repo.deleteEndpoint(db, userId, id);
      if (Number(result.numDeletedRows) === 0) throw notFound();
    },

    /**
     * A new secret, shown once; the current one keeps signing for the overlap, and so does every one rotated
     * out before it until its own overlap ends.
     */
    async rotate(userId: string, id: string) {
      const row = await owned(userId, id);
      const secret = newWebhookSecret();
      const at = now();
      const replaced = await repo.replaceSecret(db, id, row.secret, {
        secret: box.seal(secret, secretContext(id)),
        previous_secrets: row.secret_revoked_at
          ? '[]'
          : previousSecretsAfterRotation(row, at, ROTATION_OVERLAP_MS),
        secret_revoked_at: null,
      });
      // Another rotation took the secret first: this one's would be shown and never sign.
      if (!replaced) throw new AppError('CONFLICT', 'The secret was just rotated. Reload and try again.');
      return { endpoint: toEndpoint(await owned(userId, id), now()), secret };
    },

    /**
     * Every endpoint of the user is turned off and its secret replaced by one nobody has seen, the previous one
     * dropped, in `trx` (a password reset). Off, because the URL itself may be a thief's, collecting the
     * account's events; a new secret, because whoever added or saw an endpoint may have kept its secret, which
     * must never sign again. The owner rotates to see a secret, then turns the endpoint on. Answers how many.
     */
    async revokeSecretsOf(trx: Kysely<Database>, userId: string, at: string): Promise<number> {
      const live = (await repo.listEndpoints(trx, userId)).filter((row) => row.secret_revoked_at === null);
      for (const row of live) {
        await repo.updateEndpoint(trx, row.id, {
          secret: box.seal(newWebhookSecret(), secretContext(row.id)),
          previous_secrets: '[]',
          enabled: 0,
          disabled_at: row.disabled_at ?? at,
          secret_revoked_at: at,
        });
      }
      return live.length;
    },

    async deliveries(userId: string, id: string) {
      await owned(userId, id);
      const rows = await repo.deliveriesOf(db, id, DELIVERIES_SHOWN);
      const attempts = await repo.attemptsOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toDelivery(row, attempts));
    },

    /** Queues the delivery again now, with a fresh day of retries; the event (and its webhook-id) stays. */
    async redeliver(userId: string, deliveryId: string) {
      const row = await repo.findDelivery(db, userId, deliveryId);
      if (!row) throw new AppError('NOT_FOUND', 'No such delivery');
      const at = now();
      await repo.updateDelivery(db, deliveryId, {
        status: 'pending',
        attempts: 0,
        next_attempt_at: at.toISOString(),
        retry_until: new Date(at.getTime() + DAY_MS).toISOString(),
      });
      written();
      const updated = (await repo.findDelivery(db, userId, deliveryId))!;
      return toDelivery(updated, await repo.attemptsOf(db, [deliveryId]));
    },

    /** Sends a ping event to this endpoint only (even a turned-off one: that is how to try it before turning it on). */
    async test(userId: string, id: string) {
      await owned(userId, id);
      const { deliveryIds } = await db
        .transaction()
        .execute((trx) => writeEvent(trx, userId, WEBHOOK_PING, { endpointId: id }, [id]));
      const row = (await repo.findDelivery(db, userId, deliveryIds[0]!))!;
      return toDelivery(row, []);
    },
  };
}
