import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { Notifier } from '../notifications/notifier';
import { operatorCheck } from '../../lib/operator';
import { mailCheck } from '../system/integrations';
import { mailStatusRoutes } from './mail.routes';
import { createMailer, mailDeliveryJob, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

/** Outgoing mail through an outbox (see createMailer), and its queue and failures as operators see them. */
export async function mailModule(
  app: App,
  deps: { db: Kysely<Database>; config: Config; notifier: Notifier },
) {
  const { db, config, notifier } = deps;
  const mailer = createMailer({ db, config, log: app.log, notifier });
  app.decorate('mail', mailer);
  app.addHook('onClose', async () => mailer.close());

  await app.register(mailStatusRoutes, {
    prefix: '/api/system',
    mailer,
    operator: operatorCheck(config.OPERATOR_TOKEN),
  });
  return { mailer, checks: [mailCheck(mailer)], jobs: [mailDeliveryJob(mailer)] };
}
