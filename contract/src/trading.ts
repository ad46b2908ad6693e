import { z } from 'zod';
import { amountProblem, overCeilingMessage } from './money';

/**
 * Trading BTC and ETH against USD (the spec's Portfolio & Trading). Quantities are decimal strings in the
 * asset (step 0.00000001), prices and totals decimal strings in USD (step 0.01).
 */
export const tradeAssets = ['BTC', 'ETH'] as const;
export type TradeAsset = (typeof tradeAssets)[number];
export const tradeTypes = ['buy', 'sell'] as const;
export type TradeType = (typeof tradeTypes)[number];

/**
 * The price a limit order fills at once the market has reached it: the market's, which is never worse than the
 * limit (a buy pays min(limit, market), a sell gets max(limit, market)). Null while the market has not reached
 * the limit: the order rests, its funds reserved at the limit. Cents in, cents out; the server fills by it and
 * the review previews it.
 */
export function limitFillPriceMinor(type: TradeType, limitMinor: bigint, marketMinor: bigint): bigint | null {
  if (type === 'buy') return marketMinor <= limitMinor ? marketMinor : null;
  return marketMinor >= limitMinor ? marketMinor : null;
}

/** A live rate (USD per unit, up to 12 significant digits) as a price in cents, half up. */
export function priceMinorFromRate(rateText: string): bigint {
  const [whole = '0', fraction = ''] = rateText.split('.');
  const cents = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  return cents + ((fraction[2] ?? '0') >= '5' ? 1n : 0n);
}

/** How long a quote's price holds. */
export const QUOTE_TTL_SECONDS = 30;

const isPositive = (text: string) => /[1-9]/.test(text);
const QUANTITY = /^\d+(\.\d{1,8})?$/;
const PRICE = /^\d+(\.\d{1,2})?$/;
// BTC and ETH share a scale. Past the larger of their ceilings (currencies.ts) no asset can hold it; the
// asset's own ceiling is checked where the asset is known (the server's parseRequestAmount).
const quantitySchema = z
  .string({ error: 'Quantity is required' })
  .trim()
  .refine((text) => QUANTITY.test(text) && isPositive(text), {
    message: 'Quantity must be a positive number with at most 8 decimal places',
  })
  .refine((text) => !QUANTITY.test(text) || amountProblem(text, 'ETH') === null, {
    message: 'Quantity is too large',
  });
const priceSchema = z
  .string()
  .trim()
  .refine((text) => PRICE.test(text) && isPositive(text), {
    message: 'Price must be a positive USD amount with at most 2 decimal places',
  })
  .refine((text) => !PRICE.test(text) || amountProblem(text, 'USD') === null, {
    message: overCeilingMessage('USD', 'Price'),
  });

/** POST /api/trade/quote: what a market order would cost right now, held for QUOTE_TTL_SECONDS. */
export const tradeQuoteBodySchema = z.object({
  type: z.enum(tradeTypes, { error: 'type must be buy or sell' }),
  asset: z.enum(tradeAssets, { error: 'asset must be BTC or ETH' }),
  quantity: quantitySchema,
});
export type TradeQuoteBody = z.infer<typeof tradeQuoteBodySchema>;

/**
 * The figures of a trade, all USD but `quantity`: `value` = quantity × price (a buy rounds up, a sell down,
 * to the cent), `fee` on top of a buy and taken from a sell, `total` = what leaves (buy) or reaches (sell) the
 * USD wallet.
 */
export const tradeFiguresSchema = z.object({
  type: z.enum(tradeTypes),
  asset: z.enum(tradeAssets),
  quantity: z.string(),
  price: z.string(),
  value: z.string(),
  fee: z.string(),
  total: z.string(),
});
export type TradeFigures = z.infer<typeof tradeFiguresSchema>;

export const tradeQuoteSchema = tradeFiguresSchema.extend({
  quoteId: z.string(),
  /** ISO time after which executing with `quoteId` is a 409 QUOTE_EXPIRED. */
  expiresAt: z.string(),
});
export type TradeQuote = z.infer<typeof tradeQuoteSchema>;

/**
 * POST /api/trade (Idempotency-Key): the spec's payload. `price` null or absent: a market order, filled at once
 * at the live price, or at a quote's price when `quoteId` is given (within its window). `price` set: a limit
 * order; the funds it needs are reserved at once and it fills when the market reaches the price. The server
 * computes the total; `totalAmount`, when sent, must match it to the cent (else 422).
 */
export const tradeBodySchema = tradeQuoteBodySchema.extend({
  price: priceSchema.nullish(),
  totalAmount: z.string().trim().nullish(),
  quoteId: z.string().max(64).nullish(),
});
export type TradeBody = z.infer<typeof tradeBodySchema>;

export const orderStatuses = ['pending', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** GET /api/trading-orders: the user's orders, newest first. `price` is the limit (null: market). */
export const tradingOrderSchema = z.object({
  id: z.string(),
  type: z.enum(tradeTypes),
  asset: z.enum(tradeAssets),
  quantity: z.string(),
  price: z.string().nullable(),
  /** USD: what the order cost or paid, fee included (for a pending order, what is reserved or expected). */
  totalAmount: z.string(),
  fee: z.string(),
  /** The price it filled at (null while pending or when cancelled). */
  fillPrice: z.string().nullable(),
  status: z.enum(orderStatuses),
  createdAt: z.string(),
  filledAt: z.string().nullable(),
});
export type TradingOrder = z.infer<typeof tradingOrderSchema>;

/** A holding, valued at the live price. P&L = value − totalInvested (average-cost method). */
export const holdingSchema = z.object({
  id: z.string(),
  asset: z.enum(tradeAssets),
  /** Equal to the asset wallet's balance. */
  quantity: z.string(),
  /** USD cost of the quantity held, by the average-cost method. */
  totalInvested: z.string(),
  averageBuyPrice: z.string(),
  price: z.string(),
  currentValue: z.string(),
  profitLoss: z.string(),
  /** P&L as a percentage of totalInvested, two decimals; null when nothing was invested. */
  profitLossPercent: z.string().nullable(),
});
export type Holding = z.infer<typeof holdingSchema>;

/** GET /api/portfolio */
export const portfolioSchema = z.object({
  holdings: z.array(holdingSchema),
  totalValue: z.string(),
  totalInvested: z.string(),
  totalProfitLoss: z.string(),
  totalProfitLossPercent: z.string().nullable(),
  pendingOrders: z.number().int(),
});
export type Portfolio = z.infer<typeof portfolioSchema>;
