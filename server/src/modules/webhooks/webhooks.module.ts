import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { Job } from '../../jobs/scheduler';
import { lazySecretBox, loadSecretKey } from '../../lib/secret-box';
import type { AuthService } from '../auth/auth.service';
import type { CredentialGuard } from '../auth/credential-guard';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import { createWebhookDelivery, type WebhookDelivery } from './webhook-delivery';
import type { WebhookEvents } from './webhook-events';
import { pruneWebhookEventsJob } from './webhook-retention';
import { webhookRoutes } from './webhooks.routes';
import { createWebhooksService } from './webhooks.service';

declare module 'fastify' {
  interface FastifyInstance {
    webhookDelivery: WebhookDelivery;
  }
}

/**
 * Signing secrets are sealed with the key that seals two-factor seeds (same setting, same key file), bound to
 * the endpoint's id: one key to back up, not two.
 */
export function webhookSecretBox(config: Config) {
  return lazySecretBox(() =>
    loadSecretKey({
      hexKey: config.TWO_FACTOR_ENCRYPTION_KEY,
      keyFile: join(dirname(config.SQLITE_PATH), 'two-factor.key'),
    }),
  );
}

/**
 * Signed webhooks: endpoints in the profile, an outbox of events written with what they announce, and a job
 * in every process delivering it. Delivery also starts right after any response that wrote something for it,
 * since by then the transaction that wrote it has committed.
 */
export async function webhooksModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    config: Config;
    notifier: Notifier;
    mailer: Mailer;
    auth: AuthService;
    credentials: CredentialGuard;
  },
) {
  const { db, config, notifier, mailer, auth, credentials } = deps;
  const box = webhookSecretBox(config);
  const allowPrivate = config.WEBHOOK_ALLOW_PRIVATE_URLS;
  const delivery = createWebhookDelivery({ db, box, notifier, mailer, log: app.log, allowPrivate });
  app.decorate('webhookDelivery', delivery);
  // Before the database closes (hooks run last-registered first): the deliveries in flight record their ends.
  app.addHook('onClose', () => delivery.stop());
  let pending = false;
  const webhooks = createWebhooksService({
    db,
    box,
    allowPrivate,
    credentials,
    written: () => {
      pending = true;
    },
  });
  // A password reset (or "sign out everywhere" with the option) leaves no secret signing that a thief may have.
  auth.onStandingCredentialsRevoked(async (trx, userId, at) => ({
    webhookEndpoints: await webhooks.revokeSecretsOf(trx, userId, at),
  }));
  app.addHook('onResponse', async () => {
    if (!pending) return;
    pending = false;
    setImmediate(() => {
      delivery.startDue().catch((error) => app.log.error({ err: error }, 'webhook delivery run failed'));
    });
  });

  const keptDays = config.WEBHOOK_RETENTION_DAYS;
  await app.register(webhookRoutes, { prefix: '/api/webhooks', webhooks, keptDays });
  const job: Job = {
    name: 'webhook-delivery',
    everyMs: config.WEBHOOK_DELIVERY_INTERVAL_SECONDS * 1000,
    // Claims into the free slots and is done: a delivery in flight is not the job's to wait for.
    run: () => delivery.startDue(),
  };
  const face: WebhookEvents = { record: webhooks.record, recordEach: webhooks.recordEach };
  return { face, delivery, jobs: [job, pruneWebhookEventsJob(db, keptDays)] };
}
