import type { Kysely } from 'kysely';
import type { PaymentOptions } from '@contract/payments';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import { startCheckout, type CheckoutStart } from './checkouts';
import type { PaymentRail } from './payment-rail';
import type { Purposes } from './payment-purposes';
import { startTopUp } from './top-ups';
import { takeWebhook } from './webhook';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/**
 * The payment rail as the other modules and the routes use it: which rail runs, a checkout for a purpose
 * (the invoices module opens one for a pay link), `onPaid` for a purpose's handler, top-ups and the webhook.
 */
export function createPaymentsService(deps: {
  db: Kysely<Database>;
  config: Config;
  rail: PaymentRail;
  purposes: Purposes;
  link: (path: string) => string;
}) {
  const { db, rail, purposes, link } = deps;
  return {
    /** Whether clients and customers pay by card here (Stripe); otherwise the sandbox's simulated payment. */
    takesCards: rail.takesCards,
    onPaid: purposes.onPaid,
    checkout: (start: CheckoutStart) => startCheckout({ db, rail, link }, start),
    options: (): PaymentOptions => ({
      sandboxDeposit: deps.config.SANDBOX,
      cardTopUp: rail.takesCards,
    }),
    topUp: (request: { userId: string; key: string; walletId: string; amount: string }) =>
      startTopUp({ db, rail, link }, request),
    webhook: (raw: Buffer, signature: string | undefined) =>
      takeWebhook({ db, rail, purposes }, raw, signature),
  };
}
