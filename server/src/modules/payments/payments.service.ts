import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import { Money } from '@contract/money';
import type { PaymentOptions } from '@contract/payments';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import { cancelCheckout, startCheckout, type CheckoutStart } from './checkouts';
import type { PaymentPurpose } from './payment-purposes';
import * as repo from './payments.repository';
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
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { db, rail, purposes, link, log } = deps;
  return {
    /** Whether clients and customers pay by card here (Stripe); otherwise the sandbox's simulated payment. */
    takesCards: rail.takesCards,
    onPaid: purposes.onPaid,
    checkout: (start: CheckoutStart) => startCheckout({ db, rail, link }, start),
    /** The payer left the processor's page: the subject's checkout ends, and what it held with it. */
    cancelCheckout: (purpose: PaymentPurpose, subjectId: string, checkoutId: string) =>
      cancelCheckout({ db, rail }, purpose, subjectId, checkoutId),
    /** What the subject's open checkouts may still collect (`executor`: the caller's transaction, if any). */
    held: async (
      executor: Kysely<Database>,
      purpose: PaymentPurpose,
      subjectId: string,
      currency: Currency,
    ) => Money.of(await repo.heldFor(executor, purpose, subjectId, currency), currency),
    options: (): PaymentOptions => ({
      sandboxDeposit: deps.config.SANDBOX,
      cardTopUp: rail.takesCards,
    }),
    topUp: (request: { userId: string; key: string; walletId: string; amount: string }) =>
      startTopUp({ db, rail, link }, request),
    webhook: (raw: Buffer, signature: string | undefined) =>
      takeWebhook({ db, rail, purposes, log }, raw, signature),
  };
}
