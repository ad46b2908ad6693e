import { z } from 'zod';
import { currencySchema, kindOf } from './currencies';
import { amountStringSchema, compareDecimals } from './money';
import { singleLineText } from './text';

/**
 * Cards. A card draws on one of the user's fiat wallets; its number is only ever shown masked
 * (`•••• 4242`) except by `POST /api/cards/{id}/reveal`, which needs the password again. Controls and limits
 * are stored and enforced on every authorization (`POST /api/cards/{id}/purchases`, the purchase simulator).
 */
/** Cards per user. */
export const MAX_CARDS = 10;

export const cardTypes = ['virtual', 'physical'] as const;
export type CardType = (typeof cardTypes)[number];

/** A virtual card is active at once; a physical one is ordered, shipped, then activated by its holder. */
export const cardStatuses = ['ordered', 'shipped', 'active', 'inactive'] as const;
export type CardStatus = (typeof cardStatuses)[number];

export const purchaseChannels = ['online', 'contactless', 'chip', 'atm'] as const;
export type PurchaseChannel = (typeof purchaseChannels)[number];

export const merchantCategories = [
  'groceries',
  'restaurants',
  'travel',
  'transport',
  'software',
  'entertainment',
  'gambling',
  'cash',
  'other',
] as const;
export type MerchantCategory = (typeof merchantCategories)[number];

/** Why an authorization was declined: stored with the attempt and told to the holder. */
export const declineReasons = [
  'card_inactive',
  'online_disabled',
  'contactless_disabled',
  'atm_disabled',
  'international_disabled',
  'category_blocked',
  'per_payment_limit',
  'daily_limit',
  'monthly_limit',
  'atm_limit',
  'insufficient_funds',
  'account_limit',
] as const;
export type DeclineReason = (typeof declineReasons)[number];

/** Cards draw on fiat wallets only. */
export const cardCurrencySchema = currencySchema.refine((currency) => kindOf(currency) === 'fiat', {
  message: 'A card draws on a fiat wallet (USD, EUR, GBP, JPY, CAD, AUD or CHF)',
});

const countrySchema = z
  .string({ error: 'Country is required' })
  .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code such as US');

const line = (label: string, max: number, required = true) =>
  singleLineText(max, {
    tooLong: `${label} can be at most ${max} characters`,
    ...(required && { required: `${label} is required` }),
  });

export const shippingAddressSchema = z.object({
  name: line('Name', 100),
  line1: line('Address', 200),
  city: line('City', 100),
  postalCode: line('Postal code', 20),
  country: countrySchema,
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** POST /api/stripe/create-card (the sketch's path; the embedded demo issuer answers when Stripe is not set). */
export const createCardBodySchema = z
  .object({
    type: z.enum(cardTypes, { error: 'type must be virtual or physical' }),
    /** Monthly spending limit in the card's currency (the sketch's optional, numeric "spending limit"). */
    spendingLimit: amountStringSchema.nullish(),
    currency: cardCurrencySchema.default('USD'),
    shippingAddress: shippingAddressSchema.optional(),
  })
  .refine((body) => body.type === 'virtual' || body.shippingAddress, {
    message: 'A physical card needs a shipping address',
    path: ['shippingAddress'],
  });
export type CreateCardBody = z.input<typeof createCardBodySchema>;

/** PUT /api/stripe/card/{cardId}/status: freeze (inactive) or unfreeze / activate (active). */
export const cardStatusBodySchema = z.object({
  status: z.enum(['active', 'inactive'], { error: 'status must be active or inactive' }),
});
export type CardStatusBody = z.infer<typeof cardStatusBodySchema>;

export const cardControlsSchema = z.object({
  online: z.boolean(),
  contactless: z.boolean(),
  atm: z.boolean(),
  international: z.boolean(),
  blockedCategories: z.array(z.enum(merchantCategories)).max(merchantCategories.length),
});
export type CardControls = z.infer<typeof cardControlsSchema>;

/**
 * PUT /api/cards/{id}/limits: each a decimal string in the card's currency, or null for no limit. Limits that
 * contradict each other are refused, naming the smaller window's field: one payment above the day's (or the
 * month's) limit, a day above the month's, could never be spent.
 */
export const cardLimitsSchema = z
  .object({
    perPayment: amountStringSchema.nullable(),
    daily: amountStringSchema.nullable(),
    monthly: amountStringSchema.nullable(),
    atm: amountStringSchema.nullable(),
  })
  .superRefine((limits, context) => {
    const decimal = (value: string | null) => value !== null && /^\d+(\.\d+)?$/.test(value);
    const above = (field: 'perPayment' | 'daily', wider: 'daily' | 'monthly', words: string) => {
      const amount = limits[field];
      const ceiling = limits[wider];
      // A malformed amount already has its own message.
      if (!decimal(amount) || !decimal(ceiling) || compareDecimals(amount!, ceiling!) <= 0) return false;
      context.addIssue({ code: 'custom', path: [field], message: `${words} the ${wider} limit` });
      return true;
    };
    if (!above('perPayment', 'daily', 'The per-payment limit cannot be above'))
      above('perPayment', 'monthly', 'The per-payment limit cannot be above');
    above('daily', 'monthly', 'The daily limit cannot be above');
  });
export type CardLimits = z.infer<typeof cardLimitsSchema>;
/** A card's limits as stored and answered (limits saved before the rule above are shown as they are). */
const cardLimitsViewSchema = z.object({
  perPayment: z.string().nullable(),
  daily: z.string().nullable(),
  monthly: z.string().nullable(),
  atm: z.string().nullable(),
});

export const cardSchema = z.object({
  id: z.string(),
  /** The card provider's id (Stripe's `ic_…`, or the demo issuer's). */
  stripeCardId: z.string().nullable(),
  provider: z.enum(['demo', 'stripe']),
  cardType: z.enum(cardTypes),
  /** Always masked: `•••• 4242`. The full number only ever comes from reveal. */
  cardNumber: z.string(),
  last4: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  currency: currencySchema,
  /** The balance of the wallet the card draws on. */
  balance: z.string(),
  status: z.enum(cardStatuses),
  isActive: z.boolean(),
  controls: cardControlsSchema,
  limits: cardLimitsViewSchema,
  /** Approved spending in the card's currency over rolling windows: the last 24 hours, the last 30 days, ATM in 24 hours. */
  spent: z.object({ daily: z.string(), monthly: z.string(), atm: z.string() }),
  shippingAddress: shippingAddressSchema.nullable(),
  createdAt: z.string(),
});
export type Card = z.infer<typeof cardSchema>;

/** POST /api/cards/{id}/reveal */
export const revealCardBodySchema = z.object({
  password: z.string({ error: 'Password is required' }).max(1000),
});
export const revealedCardSchema = z.object({
  cardNumber: z.string(),
  expiryMonth: z.number().int(),
  expiryYear: z.number().int(),
  cvv: z.string(),
});
export type RevealedCard = z.infer<typeof revealedCardSchema>;

/** POST /api/cards/{id}/purchases (Idempotency-Key): an authorization as a card network would send it. */
export const purchaseBodySchema = z.object({
  amount: amountStringSchema,
  currency: cardCurrencySchema,
  merchant: singleLineText(100, {
    required: 'Merchant is required',
    tooLong: 'Merchant can be at most 100 characters',
  }),
  category: z.enum(merchantCategories, { error: `category must be one of ${merchantCategories.join(', ')}` }),
  channel: z.enum(purchaseChannels, { error: `channel must be one of ${purchaseChannels.join(', ')}` }),
  country: countrySchema,
});
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

/**
 * The answer to an authorization: 201 either way, because a decline is a decision, stored (and told to the
 * holder), not a failed request. `walletAmount` is what left (or would have left) the card's wallet.
 */
export const purchaseResultSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  approved: z.boolean(),
  declineReason: z.enum(declineReasons).nullable(),
  amount: z.string(),
  currency: currencySchema,
  walletAmount: z.string(),
  walletCurrency: currencySchema,
  merchant: z.string(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

export const providerStatusSchema = z.object({
  configured: z.boolean(),
  /** The issuer new cards of this user come from (a demo account always gets demo cards). */
  provider: z.enum(['demo', 'stripe']),
});
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

export const declineReasonText: Record<DeclineReason, string> = {
  card_inactive: 'The card is frozen or not active',
  online_disabled: 'Online payments are turned off for this card',
  contactless_disabled: 'Contactless payments are turned off for this card',
  atm_disabled: 'ATM withdrawals are turned off for this card',
  international_disabled: 'Payments abroad are turned off for this card',
  category_blocked: 'This kind of merchant is blocked on this card',
  per_payment_limit: 'Over the card’s per-payment limit',
  daily_limit: 'Over the card’s daily limit',
  monthly_limit: 'Over the card’s monthly limit',
  atm_limit: 'Over the card’s daily ATM limit',
  insufficient_funds: 'Not enough money in the wallet',
  account_limit: 'Over the account’s monthly spending limit for its verification level',
};
