import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { Notifier } from '../notifications/notifier';
import { createPaymentRail } from './create-payment-rail';
import { createPurposes } from './payment-purposes';
import { paymentsCheck } from './payments-check';
import * as repo from './payments.repository';
import { paymentRoutes, webhookRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';
import { topUpPaid } from './top-ups';

/**
 * Card payments: the rail (Stripe Checkout, or the embedded sandbox), wallet top-ups by card, and the
 * webhook that credits what was paid. Before the invoices module, which registers its `onPaid` handler.
 */
export async function paymentsModule(
  app: App,
  deps: { db: Kysely<Database>; config: Config; notifier: Notifier; link: (path: string) => string },
) {
  const { db, config, notifier, link } = deps;
  const { rail, misconfigured } = createPaymentRail(config);
  const purposes = createPurposes();
  const payments = createPaymentsService({ db, config, rail, purposes, link, log: app.log });
  payments.onPaid('top_up', topUpPaid(notifier));
  await app.register(paymentRoutes, { prefix: '/api/payments', payments });
  await app.register(webhookRoutes, { prefix: '/api/webhooks', payments });
  const needingAttention = () => repo.countNeedingAttention(db);
  return { payments, checks: [paymentsCheck(rail, misconfigured, needingAttention)] };
}
