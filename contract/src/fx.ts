import { z } from 'zod';
import { currencySchema } from './currencies';
import { amountProblem, amountStringSchema } from './money';
import { transactionSchema } from './transactions';

/**
 * POST /api/convert/quote and POST /api/convert (Idempotency-Key). With the `quoteId` of a quote the person
 * saw, the conversion is made at exactly that quote's rate within its window (30 s), else 409 QUOTE_EXPIRED;
 * without one, at the live rate.
 */
export const convertBodySchema = z
  .object({
    amount: amountStringSchema,
    from: currencySchema,
    to: currencySchema,
    quoteId: z.string().max(64).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.from === body.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose two different currencies' });
    }
    const problem = amountProblem(body.amount, body.from);
    if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
  });
export type ConvertBody = z.infer<typeof convertBodySchema>;

/**
 * A quote (nothing moves) and the result of a conversion. `originalAmount` (in `from`) is converted at `rate`
 * into `convertedAmount` (in `to`); `fees` (in `from`) come on top; `total` = originalAmount + fees is what
 * leaves the source wallet. `rounding` states how the minor-unit remainders were rounded.
 */
export const conversionSchema = z.object({
  originalAmount: z.string(),
  from: currencySchema,
  to: currencySchema,
  convertedAmount: z.string(),
  rate: z.string(),
  fees: z.string(),
  total: z.string(),
  rounding: z.string(),
  rateTimestamp: z.string(),
});
export type Conversion = z.infer<typeof conversionSchema>;

/** A quote that holds: its rate is honoured by POST /api/convert with `quoteId` until `expiresAt`. */
export const conversionQuoteSchema = conversionSchema.extend({ quoteId: z.string(), expiresAt: z.string() });
export type ConversionQuote = z.infer<typeof conversionQuoteSchema>;

export const convertResponseSchema = conversionSchema.extend({ transaction: transactionSchema });
export type ConvertResponse = z.infer<typeof convertResponseSchema>;
