import { z } from 'zod';
import { currencySchema } from './currencies';

/**
 * The user-facing history row (the sketch's Transaction). Amounts are decimal strings in the row's currency;
 * `amount` is always positive and `direction` says which way it moved.
 */
export const transactionTypes = [
  'deposit',
  'receive',
  'invoice_payment',
  'send',
  'card_payment',
  'exchange',
] as const;
export type TransactionType = (typeof transactionTypes)[number];

export const transactionStatuses = ['pending', 'completed', 'failed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/** Client payments: what Earnings Analytics counts as income (deposits are the user's own money, not earnings). */
export const incomeTransactionTypes = ['receive', 'invoice_payment'] as const satisfies TransactionType[];
/** Money paid away to someone else; exchanges stay within the user's own wallets. */
export const spendingTransactionTypes = ['send', 'card_payment'] as const satisfies TransactionType[];

export type TransactionDirection = 'in' | 'out' | 'exchange';
export function directionOf(type: TransactionType): TransactionDirection {
  if (type === 'exchange') return 'exchange';
  return type === 'send' || type === 'card_payment' ? 'out' : 'in';
}

export const transactionSchema = z.object({
  id: z.string(),
  type: z.enum(transactionTypes),
  direction: z.enum(['in', 'out', 'exchange']),
  walletId: z.string().nullable(),
  amount: z.string(),
  currency: currencySchema,
  /** Charged on top of `amount`, in the same currency ("0.00" when none). */
  fee: z.string(),
  fromCurrency: currencySchema.nullable(),
  toCurrency: currencySchema.nullable(),
  /** Units of toCurrency per one unit of fromCurrency, as quoted. */
  exchangeRate: z.string().nullable(),
  /** For exchanges: what arrived in toCurrency. */
  convertedAmount: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  /** Who paid or was paid: a client, a merchant, a recipient. */
  counterparty: z.string().nullable(),
  counterpartyEmail: z.string().nullable(),
  description: z.string(),
  status: z.enum(transactionStatuses),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
