import type { CardType, RevealedCard, ShippingAddress } from '@contract/cards';
import type { Currency } from '@contract/currencies';
import type { Money } from '@contract/money';

/**
 * The card issuer: who makes the card and answers for it. The embedded demo issuer (demo-issuer.ts) works
 * offline; Stripe Issuing (stripe-issuer.ts) is used when STRIPE_SECRET_KEY is set, except for demo accounts,
 * which always get demo cards. Issuers are called outside money transactions (they may go over the network).
 */
export interface IssueRequest {
  cardId: string;
  type: CardType;
  currency: Currency;
  monthlyLimit: Money | null;
  holder: { email: string; name: string; cardholderId: string | null };
  address: ShippingAddress | null;
}

export interface IssuedCard {
  providerCardId: string;
  providerCardholderId: string | null;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  /** The demo issuer's full number, which the service encrypts before storing; null from Stripe. */
  cardNumber: string | null;
}

export interface IssuerStatus {
  /** What is configured, for System Status (never a secret). */
  configured: string;
  ok: boolean;
  detail: string;
}

export interface CardIssuer {
  readonly name: 'demo' | 'stripe';
  issue(request: IssueRequest): Promise<IssuedCard>;
  setStatus(providerCardId: string, status: 'active' | 'inactive'): Promise<void>;
  /** The provider's own copy of the details (Stripe); null when the number is ours to decrypt (demo). */
  reveal(providerCardId: string): Promise<RevealedCard | null>;
  status(): IssuerStatus;
  /** A live check for Test All Systems. */
  probe(): Promise<void>;
}
