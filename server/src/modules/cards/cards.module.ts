import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { PasswordCheck } from '../auth/password-check';
import type { RateSource } from '../fx/rate-source';
import type { SpendingLimits } from '../kyc/spending-limit';
import type { Notifier } from '../notifications/notifier';
import { cardsCheck } from '../system/integrations';
import { cardShippingJob } from './card-shipping';
import { cardRoutes } from './cards.routes';
import type { WebhookEvents } from '../webhooks/webhook-events';
import { createCardsService } from './cards.service';
import { createCardIssuers } from './create-card-issuers';

/** Cards: issued by the demo issuer or Stripe, their secrets sealed (returned as `secrets` for demo cards). */
export async function cardsModule(
  app: App,
  deps: {
    db: Kysely<Database>;
    dialect: Dialect;
    config: Config;
    rates: RateSource;
    notifier: Notifier;
    limits: SpendingLimits;
    checkPassword: PasswordCheck;
    webhooks: WebhookEvents;
  },
) {
  const { db, dialect, config, rates, notifier, limits, checkPassword, webhooks } = deps;
  const cardIssuers = createCardIssuers(config);
  const cards = createCardsService({ db, rates, notifier, limits, checkPassword, webhooks, ...cardIssuers });

  await app.register(cardRoutes, { prefix: '/api', cards });
  return {
    secrets: cardIssuers.secrets,
    checks: [cardsCheck(cardIssuers.issuers, cardIssuers.secrets, dialect)],
    jobs: [cardShippingJob(cards, config)],
  };
}
