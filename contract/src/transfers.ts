import { z } from 'zod';
import { emailSchema } from './auth';
import { currencySchema } from './currencies';
import { amountProblem, amountStringSchema } from './money';
import { singleLineText } from './text';
import { transactionSchema } from './transactions';

export const DEFAULT_TRANSFER_DESCRIPTION = 'Money Transfer';
export const MAX_TRANSFER_DESCRIPTION = 140;

const descriptionSchema = singleLineText(MAX_TRANSFER_DESCRIPTION, {
  tooLong: `Description can be at most ${MAX_TRANSFER_DESCRIPTION} characters`,
});

/**
 * POST /api/transactions (header `Idempotency-Key: <uuid>`): send money. The sketch's payload is accepted as is.
 * - `amount` is in the source wallet's currency, `fromCurrency`. The sketch also sends `currency`; it is the
 *   same thing, so either may be given, and when both are they must match (400 otherwise).
 * - `toCurrency` is what the recipient gets (default: the source currency), converted at the live rate.
 * - `recipientEmail` is any email address. A verified Meridian account is paid instantly. Money for an address
 *   no verified account has yet is held (`pending`) until one verifies it, or returned to the sender after
 *   HELD_TRANSFER_RETURN_DAYS. A demo account pays only demos and made-up outside recipients (a simulated
 *   payout, `pending` until it settles); demo and real accounts never pay each other (422 DEMO_ACCOUNT).
 * - `type` may only be "send"; a client-sent `status` is accepted and ignored (the server decides it).
 * The parsed body is the normalised {@link TransferRequest}.
 */
export const transferBodySchema = z
  .object({
    type: z.literal('send', { error: 'type must be "send"' }).optional(),
    amount: amountStringSchema,
    currency: currencySchema.optional(),
    fromCurrency: currencySchema.optional(),
    toCurrency: currencySchema.optional(),
    recipientEmail: emailSchema,
    description: descriptionSchema.optional(),
    /** Ignored: the server decides the status. */
    status: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    const source = body.fromCurrency ?? body.currency;
    if (!source) {
      ctx.addIssue({ code: 'custom', path: ['fromCurrency'], message: 'Choose the wallet to send from' });
      return;
    }
    if (body.currency && body.fromCurrency && body.currency !== body.fromCurrency) {
      ctx.addIssue({
        code: 'custom',
        path: ['currency'],
        message: "The amount is in the source wallet's currency: currency must equal fromCurrency",
      });
    }
    const problem = amountProblem(body.amount, source);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  })
  .transform((body) => {
    const fromCurrency = (body.fromCurrency ?? body.currency)!;
    return {
      amount: body.amount,
      fromCurrency,
      toCurrency: body.toCurrency ?? fromCurrency,
      recipientEmail: body.recipientEmail,
      description: body.description || DEFAULT_TRANSFER_DESCRIPTION,
    };
  });
export type TransferBody = z.input<typeof transferBodySchema>;
export type TransferRequest = z.output<typeof transferBodySchema>;

/**
 * How a payment reaches its recipient: `instant` into a verified account; `held` until someone verifies the
 * address (or back to the sender after `holdDays`); `simulated`, a demo's make-believe outside payout.
 */
export const transferDeliveries = ['instant', 'held', 'simulated'] as const;
export type TransferDelivery = (typeof transferDeliveries)[number];

/**
 * 201 answer of POST /api/transactions: the sender's `send` row (status `completed` when delivered instantly,
 * `pending` while held or paid out) plus `total` = amount + fee, what left the source wallet, and `delivery`.
 * `convertedAmount` (in `toCurrency`) is what the recipient gets; `exchangeRate` is null when no conversion.
 */
export const transferResponseSchema = transactionSchema.extend({
  total: z.string(),
  delivery: z.enum(transferDeliveries),
});
export type TransferResponse = z.infer<typeof transferResponseSchema>;

/**
 * POST /api/transactions/quote: the figures of a transfer before sending it, and with `recipientEmail` how it
 * would be delivered (422 DEMO_ACCOUNT when it could not be). Nothing moves.
 */
export const transferQuoteBodySchema = z
  .object({
    amount: amountStringSchema,
    fromCurrency: currencySchema,
    toCurrency: currencySchema.optional(),
    recipientEmail: emailSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const problem = amountProblem(body.amount, body.fromCurrency);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
export type TransferQuoteBody = z.infer<typeof transferQuoteBodySchema>;

/**
 * `fee` (2.9%, rounded up) comes on top of `amount`; `total` leaves the source wallet; the recipient gets
 * `convertedAmount` in `toCurrency` (rounded down) at `rate` (null when both currencies are the same).
 */
export const transferQuoteSchema = z.object({
  amount: z.string(),
  fromCurrency: currencySchema,
  toCurrency: currencySchema,
  fee: z.string(),
  total: z.string(),
  convertedAmount: z.string(),
  rate: z.string().nullable(),
  rateTimestamp: z.string().nullable(),
  rounding: z.string(),
  /** Null when the quote named no recipient. */
  delivery: z.enum(transferDeliveries).nullable(),
  /** For a held payment: days until it goes back to the sender. */
  holdDays: z.number().int().nullable(),
});
export type TransferQuote = z.infer<typeof transferQuoteSchema>;
