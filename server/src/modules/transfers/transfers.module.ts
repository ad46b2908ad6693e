import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { EmailVerificationService } from '../email-verification/email-verification.service';
import type { RateSource } from '../fx/rate-source';
import type { SpendingLimits } from '../kyc/spending-limit';
import type { Mailer } from '../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import type { WebhookEvents } from '../webhooks/webhook-events';
import { deliverHeldTransfers, heldTransferReturnJob } from './held-transfers';
import { payoutSettlementJob } from './payouts';
import { transferRoutes } from './transfers.routes';
import { createTransfersService } from './transfers.service';

/** Sending money: to Meridian users, to an email address not yet verified (held), and out to banks (payouts). */
export async function transfersModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    config: Config;
    rates: RateSource;
    mailer: Mailer;
    notifier: Notifier;
    limits: SpendingLimits;
    verification: EmailVerificationService;
    webhooks: WebhookEvents;
  },
) {
  const { db, config, rates, mailer, notifier, limits, verification, webhooks } = deps;
  const transfers = createTransfersService({ db, rates, mailer, notifier, config, limits, webhooks });
  // Money sent to an address before anyone verified it lands in the transaction that verifies it.
  verification.onVerified((trx, user) => deliverHeldTransfers(trx, user, { mailer, notifier, webhooks }));

  await app.register(transferRoutes, { prefix: '/api/transactions', transfers });
  return { transfers, jobs: [payoutSettlementJob(config), heldTransferReturnJob(mailer, webhooks)] };
}
