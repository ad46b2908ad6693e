import type { Money } from '@contract/money';

/**
 * The payment rail: how a client's or a customer's card money reaches Meridian. Two implementations, as the
 * card issuer has: the embedded sandbox (sandbox-rail.ts: the pay link's simulated payment, no card) and
 * Stripe (stripe-rail.ts: a Checkout Session, money credited only when Stripe's signed webhook says it was
 * paid). Rails are called outside money transactions (they may go over the network).
 */
export interface CheckoutRequest {
  /** Our own checkout id: Stripe's metadata carries it back, and it keys the create call's idempotency. */
  checkoutId: string;
  amount: Money;
  /** What the card statement and Checkout page show. */
  description: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string;
  /** When the session expires and can no longer be paid (Stripe takes 30 minutes to 24 hours from now). */
  expiresAt: Date;
}

export interface OpenedCheckout {
  sessionId: string;
  url: string;
}

/** What a verified event tells us; anything the rail does not act on is `ignored`. */
export type RailEvent =
  | {
      id: string;
      type: string;
      kind: 'paid';
      sessionId: string;
      checkoutId: string | null;
      paymentId: string;
      /** What the processor says was charged: minor units and its currency code (null when it does not say). */
      charged: { minor: number | null; currency: string | null };
    }
  /** The session can no longer be paid: it expired, or its delayed payment failed. */
  | { id: string; type: string; kind: 'expired'; sessionId: string }
  | { id: string; type: string; kind: 'ignored' };

export interface RailStatus {
  /** What is configured, for System Status (never a secret). */
  configured: string;
  ok: boolean;
  detail: string;
}

export interface PaymentRail {
  readonly name: 'sandbox' | 'stripe';
  /** Whether clients pay by card on this rail (the sandbox's payment is simulated). */
  readonly takesCards: boolean;
  openCheckout(request: CheckoutRequest): Promise<OpenedCheckout>;
  /** The event in a webhook's body, once its signature is proved (a 400 AppError otherwise). */
  readEvent(rawBody: Buffer, signature: string | undefined): RailEvent;
  /**
   * Ends a session its payer left, if it is still open (expired at the processor at once): `ended` when it can
   * no longer be paid, `completed` when it was paid or its payment is under way (its webhook credits it).
   */
  endCheckout(sessionId: string): Promise<'ended' | 'completed'>;
  /** The processor's fee on a payment, in the payment's currency. */
  feeOf(paymentId: string, charged: Money): Promise<Money>;
  status(): RailStatus;
  /** A live check for Test All Systems. */
  probe(): Promise<void>;
}
