import { z } from 'zod';
import { currencySchema } from './currencies';
import { amountStringSchema } from './money';

/**
 * Card payments (server/src/modules/payments): a Checkout Session at the card processor. Money arrives only
 * when the processor's signed webhook says the checkout was paid, never from these answers.
 */

/** GET /api/payments/options: how a signed-in customer can add money on this server. */
export const paymentOptionsSchema = z.object({
  /** The sandbox deposit (simulated money). */
  sandboxDeposit: z.boolean(),
  /** A top-up by card through the processor's checkout page. */
  cardTopUp: z.boolean(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

/** POST /api/payments/top-ups (Idempotency-Key): a card top-up of one of the caller's wallets. */
export const topUpBodySchema = z.object({
  walletId: z.string().min(1).max(100),
  amount: amountStringSchema,
});
export type TopUpBody = z.infer<typeof topUpBodySchema>;

/** The checkout page to send the payer to (a top-up, or an invoice's card payment). */
export const checkoutResponseSchema = z.object({ checkoutUrl: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/**
 * A card checkout's id, as the processor's page hands it back to the payer who leaves without paying
 * (`?card=cancelled&checkout=…`): POST /api/public/invoices/{token}/checkouts/{checkoutId}/cancel ends it.
 */
export const checkoutIdSchema = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Not a checkout id');

/**
 * POST /api/public/invoices/{token}/card-quote: for a BTC/ETH invoice, the fiat a card is charged for the
 * amount due, held until `expiresAt` (the converter's quote window). Checkout with its `quoteId` in time
 * charges exactly `amount`; the invoice's owner receives exactly `cryptoAmount`.
 */
export const cardQuoteSchema = z.object({
  quoteId: z.string(),
  amount: z.string(),
  currency: currencySchema,
  cryptoAmount: z.string(),
  cryptoCurrency: currencySchema,
  expiresAt: z.string(),
});
export type CardQuote = z.infer<typeof cardQuoteSchema>;

/**
 * POST /api/public/invoices/{token}/checkout: `amount` (the invoice's currency; left out: what is due now) is
 * what the card pays toward the invoice; a crypto invoice's checkout names the quote held for that amount.
 */
export const invoiceCheckoutBodySchema = z
  .object({ quoteId: z.string().min(1).max(100).optional(), amount: amountStringSchema.optional() })
  // No body at all (a fiat invoice) reaches the validator as null.
  .nullish();
export type InvoiceCheckoutBody = z.infer<typeof invoiceCheckoutBodySchema>;

/** POST /api/public/invoices/{token}/card-quote: the card price of `amount` (left out: what is due now). */
export const cardQuoteBodySchema = z.object({ amount: amountStringSchema.optional() }).nullish();
