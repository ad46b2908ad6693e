import { randomBytes } from 'node:crypto';
import type { CardIssuer } from './card-issuer';
import { demoCardNumber } from './luhn';

/** Cards expire at the end of this many years' month, as most issuers do. */
export const CARD_LIFETIME_YEARS = 3;

/**
 * The embedded issuer: Luhn-valid numbers in a test range (luhn.ts), expiring three years out. It keeps no
 * state of its own; the service stores the number encrypted and derives the CVV.
 */
export function createDemoIssuer(now = () => new Date()): CardIssuer {
  return {
    name: 'demo',
    async issue() {
      const cardNumber = demoCardNumber();
      const today = now();
      return {
        providerCardId: `demo_ic_${randomBytes(12).toString('hex')}`,
        providerCardholderId: null,
        last4: cardNumber.slice(-4),
        expiryMonth: today.getUTCMonth() + 1,
        expiryYear: today.getUTCFullYear() + CARD_LIFETIME_YEARS,
        cardNumber,
      };
    },
    async setStatus() {},
    async reveal() {
      return null;
    },
    status: () => ({
      configured: 'Demo issuer (embedded)',
      ok: true,
      detail: 'Demo cards with test numbers: they pay only through the purchase simulator',
    }),
    async probe() {},
  };
}
