import { z } from 'zod';
import { currencySchema } from './currencies';
import { amountStringSchema } from './money';

/**
 * The cash-flow forecast (GET /api/forecast?days=90): the expected balance at the end of each day from today,
 * in the home currency and per wallet, built only from what Meridian already knows (today's balances, open
 * invoices, recurring invoices, scheduled payments, detected card subscriptions, tax set-asides). Amounts in
 * other currencies convert at today's rate; `ratesAsOf` says which.
 *
 * The band: `best` has every open invoice paid on its due date; `worst` has the invoices of clients who paid
 * late before not paid at all in the window; `expected` has each paid on its due date moved by that client's
 * average lateness so far (a new client: the due date).
 */
export const FORECAST_DEFAULT_DAYS = 90;
export const FORECAST_MAX_DAYS = 365;

/**
 * The items listed for one day: the largest by home-currency value. The rest of a crowded day are folded into
 * one item per kind and currency ("12 more scheduled payments", their sum, `sourceId` null), so a day's items
 * still add up to what it moves and a year's forecast stays small however many sources it has.
 */
export const FORECAST_ITEMS_PER_DAY = 10;

export const forecastQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a whole number' })
    .int('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(FORECAST_MAX_DAYS, `days can be at most ${FORECAST_MAX_DAYS}`)
    .default(FORECAST_DEFAULT_DAYS),
});

export const forecastItemKinds = [
  'invoice',
  'recurring_invoice',
  'scheduled_payment',
  'subscription',
  'tax',
] as const;
export type ForecastItemKind = (typeof forecastItemKinds)[number];

/** One thing expected to move money on a day: what "open the day" lists. */
export const forecastItemSchema = z.object({
  /** Stable within a forecast: kind and source, e.g. "invoice:<id>". */
  id: z.string(),
  date: z.string(),
  kind: z.enum(forecastItemKinds),
  /** "Invoice INV-0042 from Acme (usually 12 days late)", "Rent to landlord@example.com", "Figma". */
  label: z.string(),
  /** Signed: positive arrives, negative leaves. In `currency`. */
  amount: z.string(),
  currency: currencySchema,
  /** The same, in the home currency at today's rate. */
  homeAmount: z.string(),
  /** The invoice, schedule or merchant it comes from, for a link. */
  sourceId: z.string().nullable(),
  /** An invoice of a client who paid late before: in the expected line on this date, absent from the worst. */
  latePayer: z.boolean(),
});
export type ForecastItem = z.infer<typeof forecastItemSchema>;

/** The end of one day, home currency. */
export const forecastDaySchema = z.object({
  date: z.string(),
  expected: z.string(),
  best: z.string(),
  worst: z.string(),
});
export type ForecastDay = z.infer<typeof forecastDaySchema>;

export const forecastWalletSchema = z.object({
  currency: currencySchema,
  /** The floor the owner set for this wallet; "0.00" when none. */
  floor: z.string(),
  /** Expected balance at the end of each day, in the wallet's currency, same days as `days`. */
  balances: z.array(z.string()),
});

export const forecastFixKinds = ['chase_invoice', 'move_payment'] as const;

/** The first day a wallet would go below zero or its floor, why, and what would fix it. */
export const forecastWarningSchema = z.object({
  currency: currencySchema,
  date: z.string(),
  kind: z.enum(['below_zero', 'below_floor']),
  /** The expected balance that day, in `currency`. */
  balance: z.string(),
  floor: z.string(),
  /** The item that day (or leading to it) that takes the balance under: "Rent to landlord@example.com". */
  cause: z.string(),
  fixes: z.array(
    z.object({
      kind: z.enum(forecastFixKinds),
      /** "Chase INV-0042 from Acme (1,200.00 USD, 12 days late on average)", "Move Rent to after May 3". */
      label: z.string(),
      sourceId: z.string(),
    }),
  ),
});
export type ForecastWarning = z.infer<typeof forecastWarningSchema>;

export const forecastSchema = z.object({
  homeCurrency: currencySchema,
  /** The first day of the forecast (today, UTC); `days[0]` is its end. */
  from: z.string(),
  ratesAsOf: z.string(),
  days: z.array(forecastDaySchema),
  wallets: z.array(forecastWalletSchema),
  items: z.array(forecastItemSchema),
  warnings: z.array(forecastWarningSchema),
});
export type Forecast = z.infer<typeof forecastSchema>;

/** PUT /api/forecast/floors: the balance a wallet should not go below; "0.00" removes the floor. */
export const forecastFloorBodySchema = z.object({
  currency: currencySchema,
  // Zero is allowed here (unlike an amount sent): it is how a floor is removed.
  floor: z
    .string()
    .regex(/^0+(\.0+)?$/)
    .or(amountStringSchema),
});
export type ForecastFloorBody = z.infer<typeof forecastFloorBodySchema>;
