import type { IntegrationCheck } from '../system/integrations';
import type { PaymentRail } from './payment-rail';

/** System Status's "Payments": Stripe working (a live probe on Test All Systems), sandbox, or misconfigured. */
export function paymentsCheck(rail: PaymentRail, misconfigured: string | null): IntegrationCheck {
  const production = 'Card payments through Stripe: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET';
  return {
    id: 'payments',
    name: 'Payments',
    async check(live) {
      const configured = rail.status().configured;
      if (misconfigured) {
        return { status: 'error', detail: misconfigured, configured, production };
      }
      if (live) {
        try {
          await rail.probe();
        } catch {
          // The rail's status() now says what went wrong.
        }
      }
      const status = rail.status();
      if (!status.ok)
        return { status: 'error', detail: status.detail, configured: status.configured, production: null };
      return rail.name === 'sandbox'
        ? { status: 'warning', detail: status.detail, configured: status.configured, production }
        : { status: 'working', detail: status.detail, configured: status.configured, production: null };
    },
  };
}
