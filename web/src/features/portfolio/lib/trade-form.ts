import { z } from 'zod';
import { scaleOf } from '@contract/currencies';
import { amountProblem, overCeilingMessage } from '@contract/money';
import { tradeAssets, tradeTypes } from '@contract/trading';

/**
 * The message of a required field left empty. The form answers it with the spec's toast ("Missing Information /
 * Please fill in all required fields") as well as under the field.
 */
export const REQUIRED = 'Required';

/** A positive decimal within the currency's scale (the ceiling is checked on its own, with its own message). */
const validAmount = (text: string, currency: 'BTC' | 'USD') =>
  new RegExp(`^\\d+(\\.\\d{1,${scaleOf(currency)}})?$`).test(text) && /[1-9]/.test(text);

/** Within the ceiling (contract/src/currencies.ts); quantities against ETH's, the larger: the server knows the asset's. */
const withinCeiling = (text: string, currency: 'ETH' | 'USD') =>
  text === '' ||
  !validAmount(text, currency === 'ETH' ? 'BTC' : 'USD') ||
  amountProblem(text, currency) === null;

/**
 * The trade form: type, asset and quantity required, limit price optional (empty is a market order). BTC and
 * ETH both have 8 decimals, so 'BTC' checks either quantity.
 */
export const tradeFormSchema = z.object({
  type: z.enum(tradeTypes),
  asset: z.enum(['', ...tradeAssets]).transform((asset, ctx) => {
    if (asset !== '') return asset;
    ctx.addIssue({ code: 'custom', message: REQUIRED });
    return z.NEVER;
  }),
  quantity: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .refine(
      (text) => text === '' || validAmount(text, 'BTC'),
      'Enter a positive quantity with at most 8 decimal places',
    )
    .refine((text) => withinCeiling(text, 'ETH'), 'Quantity is too large'),
  price: z
    .string()
    .trim()
    .refine(
      (text) => text === '' || validAmount(text, 'USD'),
      'Enter a positive USD price with at most 2 decimal places, or leave it empty for a market order',
    )
    .refine((text) => withinCeiling(text, 'USD'), overCeilingMessage('USD', 'Price'))
    .transform((text) => (text === '' ? null : text)),
});

export type TradeFormInput = z.input<typeof tradeFormSchema>;
/** A checked order: `price` null is a market order. */
export type TradeOrder = z.output<typeof tradeFormSchema>;

export const emptyTradeForm = (type: TradeFormInput['type'] = 'buy'): TradeFormInput => ({
  type,
  asset: '',
  quantity: '',
  price: '',
});

/** True when a failed check includes a required field left empty (the "Missing Information" case). */
export const isMissingInformation = (errors: Record<string, { message?: string } | undefined>) =>
  Object.values(errors).some((error) => error?.message === REQUIRED);

/** What the number inputs keep of what is typed or pasted: digits and points ("1,000.5" → "1000.5"). */
export const cleanNumberInput = (text: string) => text.replace(/[^\d.]/g, '');
