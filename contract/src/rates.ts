import { z } from 'zod';
import { currencySchema } from './currencies';

/**
 * Exchange rates on the wire. A rate is a price (units of `to` for one unit of `from`), not an amount: a plain
 * decimal string (never exponent notation) with up to 12 significant digits, so tiny crypto prices such as
 * JPY→BTC keep their precision. Amounts are converted from it in BigInt minor units by the FX module.
 */
export const rateSchema = z.string().regex(/^\d+(\.\d+)?$/, 'A rate is a plain decimal string');

/** Percent change over the last 24 hours, two decimals, e.g. "-1.23". */
export const percentChangeSchema = z
  .string()
  .regex(/^-?\d+\.\d{2}$/, 'A change is a percentage with 2 decimals');

/** When the prices were last updated (ISO 8601, UTC). */
const timestampSchema = z.iso.datetime();

/** GET /api/exchange-rates?from=&to= — both or neither. */
export const rateQuerySchema = z
  .object({ from: currencySchema.optional(), to: currencySchema.optional() })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) === (query.to === undefined)) return;
    ctx.addIssue({
      code: 'custom',
      path: [query.from === undefined ? 'from' : 'to'],
      message: 'Give both from and to, or neither',
    });
  });
export type RateQuery = z.infer<typeof rateQuerySchema>;

/**
 * GET /api/exchange-rates/history?from=&to= — the pair's rate over the last 24 hours, hourly (25 points, oldest
 * first), for a sparkline. Empty when the provider keeps no history (a live feed).
 */
export const rateHistoryQuerySchema = z.object({ from: currencySchema, to: currencySchema });
export const rateHistorySchema = z.object({
  points: z.array(z.object({ at: z.string(), rate: rateSchema })),
});
export type RateHistory = z.infer<typeof rateHistorySchema>;

/** GET /api/exchange-rates?from=&to= */
export const rateQuoteSchema = z.object({
  rate: rateSchema,
  change24h: percentChangeSchema,
  timestamp: timestampSchema,
});
export type RateQuote = z.infer<typeof rateQuoteSchema>;

/** GET /api/exchange-rates: the sketch's shape, a crypto map (priced in USD) plus USD to every other fiat. */
export const exchangeRatesSchema = z.object({
  crypto: z.object({ BTC_USD: rateSchema, ETH_USD: rateSchema }),
  USD_EUR: rateSchema,
  USD_GBP: rateSchema,
  USD_JPY: rateSchema,
  USD_CAD: rateSchema,
  USD_AUD: rateSchema,
  USD_CHF: rateSchema,
  timestamp: timestampSchema,
});
export type ExchangeRates = z.infer<typeof exchangeRatesSchema>;

/** One item of GET /api/exchange-rates/all; the first 8 are the converter's Live Rates list. */
export const ratePairSchema = z.object({
  from: currencySchema,
  to: currencySchema,
  rate: rateSchema,
  change24h: percentChangeSchema,
});
export type RatePair = z.infer<typeof ratePairSchema>;

export const ratePairListSchema = z.array(ratePairSchema);
