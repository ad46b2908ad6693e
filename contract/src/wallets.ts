import { z } from 'zod';
import { currencySchema } from './currencies';
import { amountStringSchema } from './money';
import { transactionSchema } from './transactions';

export const walletSchema = z.object({
  id: z.string(),
  currency: currencySchema,
  /** Decimal string with the currency's scale, e.g. "12450.00", "0.25000000". */
  balance: z.string(),
  type: z.enum(['fiat', 'crypto']),
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletListSchema = z.array(walletSchema);

export const openWalletBodySchema = z.object({ currency: currencySchema });
export type OpenWalletBody = z.infer<typeof openWalletBodySchema>;

/** Sandbox top-up. The wallet's currency decides the allowed decimals (checked on the server). */
export const depositBodySchema = z.object({ amount: amountStringSchema });
export type DepositBody = z.infer<typeof depositBodySchema>;

export const depositResponseSchema = z.object({ wallet: walletSchema, transaction: transactionSchema });
export type DepositResponse = z.infer<typeof depositResponseSchema>;
