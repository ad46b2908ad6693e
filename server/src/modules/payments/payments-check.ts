import type { IntegrationCheck } from '../system/integrations';
import type { PaymentRail } from './payment-rail';

/**
 * System Status's "Payments": Stripe working (a live probe on Test All Systems), sandbox, or misconfigured; a
 * warning while card payments wait for an operator (a signed event that did not match its checkout).
 */
export function paymentsCheck(
  rail: PaymentRail,
  misconfigured: string | null,
  needingAttention: () => Promise<number>,
): IntegrationCheck {
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
      if (rail.name === 'sandbox') {
        return { status: 'warning', detail: status.detail, configured: status.configured, production };
      }
      const waiting = await needingAttention();
      if (waiting > 0) {
        const detail =
          `${waiting} card payment${waiting === 1 ? '' : 's'} need an operator: a signed event did not match ` +
          'its checkout, and nothing was credited (payment_checkouts.attention, and the log, say why)';
        return { status: 'warning', detail, configured: status.configured, production: null };
      }
      return { status: 'working', detail: status.detail, configured: status.configured, production: null };
    },
  };
}
