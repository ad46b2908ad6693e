import { z } from 'zod';
import { amountProblem, parseAmount } from '@contract/money';
import { tradeAssets, tradeTypes } from '@contract/trading';

/**
 * The message of a required field left empty. The form answers it with the spec's toast ("Missing Information /
 * Please fill in all required fields") as well as under the field.
 */
export const REQUIRED = 'Required';

/** A positive amount within the currency's scale that fits in minor units (the contract's own rule). */
const validAmount = (text: string, currency: 'BTC' | 'USD') => {
  if (amountProblem(text, currency) !== null || !/[1-9]/.test(text)) return false;
  try {
    parseAmount(text, currency); // throws past the largest amount accepted
    return true;
  } catch {
    return false;
  }
};

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
    ),
  price: z
    .string()
    .trim()
    .refine(
      (text) => text === '' || validAmount(text, 'USD'),
      'Enter a positive USD price with at most 2 decimal places, or leave it empty for a market order',
    )
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
