import { dirname, join } from 'node:path';
import type { Config } from '../../config/env';
import type { CardIssuer } from './card-issuer';
import { createCardSecrets, loadMasterKey } from './card-secrets';
import { createDemoIssuer } from './demo-issuer';
import { createStripeIssuer } from './stripe-issuer';

/** The issuers this configuration offers (Stripe only with STRIPE_SECRET_KEY) and the card-secret keys. */
export function createCardIssuers(config: Config) {
  const keyFile = join(dirname(config.SQLITE_PATH), 'card-encryption.key');
  const { key, source } = loadMasterKey(config.CARD_ENCRYPTION_KEY, keyFile);
  const stripe: CardIssuer | null = config.STRIPE_SECRET_KEY
    ? createStripeIssuer({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE })
    : null;
  return { secrets: createCardSecrets(key, source), issuers: { demo: createDemoIssuer(), stripe } };
}
