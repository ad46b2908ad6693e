import type { Config } from '../../config/env';
import type { PaymentRail } from './payment-rail';
import { createSandboxRail } from './sandbox-rail';
import { createStripeRail } from './stripe-rail';

/**
 * The rail this configuration runs: Stripe with both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, else the
 * sandbox. One without the other is a mistake (a key alone would take payments no webhook could credit), so
 * the sandbox rail runs and `misconfigured` says why, for System Status.
 */
export function createPaymentRail(config: Config): { rail: PaymentRail; misconfigured: string | null } {
  const key = Boolean(config.STRIPE_SECRET_KEY);
  const webhook = Boolean(config.STRIPE_WEBHOOK_SECRET);
  if (key && webhook) {
    return {
      rail: createStripeRail({
        secretKey: config.STRIPE_SECRET_KEY!,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
        apiBase: config.STRIPE_API_BASE,
      }),
      misconfigured: null,
    };
  }
  const misconfigured =
    key === webhook
      ? null
      : key
        ? 'STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: card payments are off (nothing could credit them)'
        : 'STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY: card payments are off';
  return { rail: createSandboxRail(config.SANDBOX), misconfigured };
}
