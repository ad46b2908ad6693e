import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { FxService } from '../fx/fx.service';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import type { WebhookEvents } from '../webhooks/webhook-events';
import type { TransfersService } from '../transfers/transfers.service';
import { paymentSchedulesJob } from './payment-runs';
import { paymentScheduleRoutes } from './payment-schedules.routes';
import { createPaymentSchedulesService } from './payment-schedules.service';

/**
 * Scheduled and recurring payments: schedules whose runs are ordinary transfers (through the transfers
 * service) or conversions (through the fx service). Its face tells the forecast what the schedules will pay.
 */
export async function paymentSchedulesModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    config: Config;
    notifier: Notifier;
    mailer: Mailer;
    transfers: TransfersService;
    fx: FxService;
    webhooks: WebhookEvents;
  },
) {
  const { db, config, notifier, mailer, transfers, fx, webhooks } = deps;
  const schedules = createPaymentSchedulesService({ db });
  await app.register(paymentScheduleRoutes, { prefix: '/api/payment-schedules', schedules });
  const runs = {
    db,
    notifier,
    mailer,
    transfers,
    fx,
    webhooks,
    retries: config.PAYMENT_SCHEDULE_RETRIES,
    retrySeconds: config.PAYMENT_SCHEDULE_RETRY_SECONDS,
  };
  return {
    face: schedules.face,
    jobs: [paymentSchedulesJob(runs, config.PAYMENT_SCHEDULE_INTERVAL_SECONDS)],
  };
}
