import Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import { feeInChargeCurrency } from './processor-fee';
import type { PaymentRail, RailEvent } from './payment-rail';

/** The API version this code was written against; the package's own types expect it. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** Stripe's own limit on a signed event's age: older is refused as a possible replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const badSignature = () =>
  new AppError('VALIDATION_FAILED', 'The webhook is not signed by Stripe (or is too old)');

/**
 * Stripe Checkout: a Checkout Session per payment (mode payment, the amount in minor units), money credited
 * only by the signed `checkout.session.completed` webhook, the fee read from the charge's balance
 * transaction. Every call goes through the official `stripe` package, pointed at `apiBase`.
 */
export function createStripeRail(options: {
  secretKey: string;
  webhookSecret: string;
  apiBase: string;
  timeoutMs?: number;
}): PaymentRail {
  const base = new URL(options.apiBase);
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    host: base.hostname,
    port: base.port || (base.protocol === 'https:' ? 443 : 80),
    protocol: base.protocol === 'https:' ? 'https' : 'http',
    timeout: options.timeoutMs ?? 10_000,
    maxNetworkRetries: 1,
    telemetry: false,
  });
  let lastError: string | null = null;

  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      lastError = null;
      return result;
    } catch (error) {
      const stripeError = error instanceof Stripe.errors.StripeError ? error : null;
      const status = stripeError?.statusCode;
      if (stripeError && status !== undefined && status < 500 && status !== 401) {
        throw new AppError(
          'BUSINESS_RULE',
          `The card processor refused: ${stripeError.message}`.slice(0, 300),
        );
      }
      const message = error instanceof Error ? error.message : String(error);
      lastError = `Stripe ${status ? `answered ${status}` : 'did not answer'}: ${message}`.slice(0, 200);
      throw new AppError('UNAVAILABLE', 'The card processor is not answering. Please try again shortly.');
    }
  }

  return {
    name: 'stripe',
    takesCards: true,
    async openCheckout(request) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.amount.currency.toLowerCase(),
                  // The package takes a number: exact here, since the contract's ceilings keep every amount
                  // far below 2^53 minor units (Stripe refuses more than eight digits on its own).
                  unit_amount: Number(request.amount.minor),
                  product_data: { name: request.description },
                },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            ...(request.customerEmail && { customer_email: request.customerEmail }),
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
            client_reference_id: request.checkoutId,
            metadata: { meridian_checkout_id: request.checkoutId },
            payment_intent_data: { metadata: { meridian_checkout_id: request.checkoutId } },
          },
          { idempotencyKey: `checkout-${request.checkoutId}` },
        ),
      );
      if (!session.url) throw new AppError('UNAVAILABLE', 'The card processor gave no checkout page');
      return { sessionId: session.id, url: session.url };
    },

    readEvent(rawBody, signature): RailEvent {
      if (!signature) throw badSignature();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch {
        throw badSignature();
      }
      const { id, type } = event;
      if (type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded') {
        const session = event.data.object;
        const paymentId =
          typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
        if (session.payment_status !== 'paid' || !paymentId) return { id, type, kind: 'ignored' };
        const checkoutId = session.metadata?.meridian_checkout_id ?? session.client_reference_id ?? null;
        const charged = { minor: session.amount_total, currency: session.currency };
        return { id, type, kind: 'paid', sessionId: session.id, checkoutId, paymentId, charged };
      }
      if (type === 'checkout.session.expired' || type === 'checkout.session.async_payment_failed') {
        return { id, type, kind: 'expired', sessionId: event.data.object.id };
      }
      return { id, type, kind: 'ignored' };
    },

    async endCheckout(sessionId) {
      const statusOf = async () => (await call(() => stripe.checkout.sessions.retrieve(sessionId))).status;
      let status = await statusOf();
      if (status === 'open') {
        try {
          status = (await call(() => stripe.checkout.sessions.expire(sessionId))).status;
        } catch (error) {
          // Refused: the payer completed it in between.
          if (!(error instanceof AppError && error.code === 'BUSINESS_RULE')) throw error;
          status = await statusOf();
        }
      }
      return status === 'expired' ? 'ended' : 'completed';
    },

    async feeOf(paymentId, charged) {
      const intent = await call(() =>
        stripe.paymentIntents.retrieve(paymentId, { expand: ['latest_charge.balance_transaction'] }),
      );
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const balance =
        charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
      if (!balance) throw new AppError('UNAVAILABLE', 'The card processor has not settled the payment yet');
      return feeInChargeCurrency(balance.fee, balance.currency, charged.currency, balance.exchange_rate);
    },

    status: () => ({
      configured: `Stripe Checkout at ${base.host} (API ${STRIPE_API_VERSION})`,
      ok: lastError === null,
      detail: lastError ?? 'Clients pay invoices and customers top up wallets by card through Stripe',
    }),
    async probe() {
      await call(() => stripe.balance.retrieve());
    },
  };
}
