import { AppError } from '../../lib/errors';
import type { PaymentRail } from './payment-rail';

/**
 * The embedded sandbox: no card is charged. An invoice's pay link takes a simulated payment
 * (invoices/invoice-paying.ts) and a wallet is topped up by the sandbox deposit (wallets); there is no
 * checkout to open and no webhook to take in.
 */
export function createSandboxRail(sandbox: boolean): PaymentRail {
  const noCards = () =>
    new AppError('FORBIDDEN', 'This server takes no card payments: Stripe is not configured');
  return {
    name: 'sandbox',
    takesCards: false,
    openCheckout: () => Promise.reject(noCards()),
    readEvent() {
      throw new AppError('VALIDATION_FAILED', 'This server takes no payment webhooks');
    },
    endCheckout: () => Promise.reject(noCards()),
    feeOf: () => Promise.reject(noCards()),
    status: () => ({
      configured: sandbox ? 'Embedded sandbox (simulated payments)' : 'None',
      ok: true,
      detail: sandbox
        ? 'Pay links take a simulated payment and wallets a sandbox deposit: no card is charged'
        : 'No card payments: clients pay as the invoice says, and no money can be added by card',
    }),
    probe: async () => {},
  };
}
