import { z } from 'zod';
import { currencySchema } from './currencies';
import { isoDateSchema } from './dates';
import { pageCursorSchema, pageLimitSchema } from './paging';
import { singleLineText } from './text';

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
  'savings_deposit',
  'savings_withdrawal',
  'processing_fee',
] as const;
export type TransactionType = (typeof transactionTypes)[number];

/** How a person reads each type: the history's rows and the receipt say the same. */
export const transactionTypeLabels: Record<TransactionType, string> = {
  receive: 'Money received',
  invoice_payment: 'Invoice payment',
  deposit: 'Deposit',
  send: 'Money sent',
  card_payment: 'Card payment',
  exchange: 'Exchange',
  savings_deposit: 'Saved to a goal',
  savings_withdrawal: 'Taken from a goal',
  processing_fee: 'Card processing fee',
};

/** `returned`: a payment nobody claimed went back to the sender (the money is in their wallet again). */
export const transactionStatuses = ['pending', 'completed', 'failed', 'returned'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/** Client payments: what Earnings Analytics counts as income (deposits are the user's own money, not earnings). */
export const incomeTransactionTypes = ['receive', 'invoice_payment'] as const satisfies TransactionType[];
/** Money paid away to someone else; exchanges stay within the user's own wallets. */
export const spendingTransactionTypes = ['send', 'card_payment'] as const satisfies TransactionType[];

export type TransactionDirection = 'in' | 'out' | 'exchange';
export function directionOf(type: TransactionType): TransactionDirection {
  if (type === 'exchange') return 'exchange';
  // Money set aside in a savings goal leaves the wallet (and comes back); it is still the customer's own.
  // The card processor's fee on a payment received leaves the wallet like a payment away.
  return type === 'send' || type === 'card_payment' || type === 'savings_deposit' || type === 'processing_fee'
    ? 'out'
    : 'in';
}

/**
 * The rows a receipt can be attached to: money paid away to someone else (a transfer sent, a card payment,
 * the card processor's fee). Not money in, not an exchange or a trade (between the user's own wallets), not a
 * savings goal (still the user's own money).
 */
export const receiptTransactionTypes = [
  'send',
  'card_payment',
  'processing_fee',
] as const satisfies TransactionType[];
export const takesReceipt = (type: TransactionType) =>
  (receiptTransactionTypes as readonly TransactionType[]).includes(type);
/** Statuses of a row whose money really went: a failed or returned payment wants no receipt. */
export const receiptWantedStatuses = ['pending', 'completed'] as const satisfies TransactionStatus[];
/** Whether the books miss something while this row has no receipt: the "Missing receipts" filter's rows. */
export const wantsReceipt = (type: TransactionType, status: TransactionStatus) =>
  takesReceipt(type) && (receiptWantedStatuses as readonly TransactionStatus[]).includes(status);

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
  /** A receipt file is attached (GET /api/transactions/:id/receipt; contract/src/receipts.ts). */
  hasReceipt: z.boolean(),
  /** The row wants a receipt ({@link wantsReceipt}): with `hasReceipt` false it is a missing one. */
  receiptWanted: z.boolean(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/**
 * The history screen's filter tabs and the types each one shows. Incoming is money from outside the user's
 * wallets (including sandbox deposits); outgoing is money paid away; exchanges stay within the user's wallets.
 */
export const historyFilters = ['all', 'incoming', 'outgoing', 'exchange'] as const;
export type HistoryFilter = (typeof historyFilters)[number];
export const historyFilterTypes: Record<Exclude<HistoryFilter, 'all'>, readonly TransactionType[]> = {
  incoming: ['receive', 'deposit', 'invoice_payment'],
  outgoing: ['send', 'card_payment', 'processing_fee'],
  exchange: ['exchange'],
};

export const HISTORY_PAGE_DEFAULT = 20;
export const HISTORY_PAGE_MAX = 100;

/**
 * GET /api/transactions?type=all|incoming|outgoing|exchange&q=&from=&to=&category=&receipt=&cursor=&limit= — the user's history, newest first
 * (ties broken by id), keyset-paginated. The body is always a plain ARRAY of rows (a {@link Transaction} with
 * its `category` and `note`: historyRowSchema in categories.ts) (so the
 * sketch's bare `GET /api/transactions` keeps working: it is the first page of `all`). When more rows follow,
 * the response carries `X-Next-Cursor: <cursor>` (and an RFC 8288 `Link: <…>; rel="next"`); pass that value
 * back as `cursor` with the same `type`, `q`, `from`, `to`, `category` and `receipt` for the next page. No header = last page. `limit` is 1–100
 * (default 20); a malformed cursor or an out-of-range limit is a 400. Cursors are opaque: do not build them.
 * A "Previous" button keeps the cursors of the pages it has seen (the first page has none).
 */
export const HISTORY_SEARCH_MAX = 100;

/**
 * The search narrowing a history list or export: `q` matches the description, the counterparty or their
 * email, case-insensitively, as a substring; `from` and `to` are calendar days in UTC, both inclusive. A range
 * whose `to` is before its `from` is a 400. `receipt=missing` keeps only the rows that want a receipt and have
 * none ({@link wantsReceipt}), within the type filter.
 */
const historySearchFields = {
  q: singleLineText(HISTORY_SEARCH_MAX, { tooLong: `q must be at most ${HISTORY_SEARCH_MAX} characters` })
    .optional()
    .transform((text) => text || undefined),
  from: isoDateSchema('from').optional(),
  to: isoDateSchema('to').optional(),
  receipt: z.enum(['missing'], { error: 'receipt must be missing' }).optional(),
  /** One category's rows: a built-in category's id or one of the user's own (contract/src/categories.ts). */
  category: z.string().trim().min(1, 'category is empty').max(100, 'category is not valid').optional(),
};
const rangeInOrder = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
const rangeError = { message: 'to must not be before from', path: ['to'] };

export const transactionListQuerySchema = z
  .object({
    type: z
      .enum(historyFilters, { error: `type must be one of ${historyFilters.join(', ')}` })
      .default('all'),
    cursor: pageCursorSchema,
    limit: pageLimitSchema(HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX),
    ...historySearchFields,
  })
  .refine(rangeInOrder, rangeError);
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

/**
 * GET /api/transactions/:id/receipt.pdf — one of the user's own transactions as a PDF receipt (an attachment
 * named `meridian-receipt-<id>.pdf`); another user's id, like an unknown one, is a 404.
 */
export const transactionReceiptUrl = (id: string) =>
  `/api/transactions/${encodeURIComponent(id)}/receipt.pdf`;

/** Response header of GET /api/transactions holding the next page's cursor (absent on the last page). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/**
 * GET /api/transactions/export.csv?type=…&q=&from=&to=&category=&receipt= — the whole filtered history as an RFC 4180 CSV download
 * (`text/csv; charset=utf-8`, CRLF line ends, `Content-Disposition: attachment; filename="meridian-transactions.csv"`),
 * newest first, streamed. These are its columns. Amounts are signed as the wallet saw them, so a spreadsheet
 * sums to the balance: `amount` and `fee` are in `currency`, negative for money that left (a payment, its
 * fee, what an exchange took); `converted amount` is what an exchange brought into `to currency`. A payment
 * that came back in full (`returned`) or failed counts 0. A text cell that a spreadsheet would read as a
 * formula (starting with = + - @, tab or CR) is prefixed with '; numbers are written as numbers.
 * `category` is the name of the row's category (contract/src/categories.ts).
 */
export const transactionCsvColumns = [
  'date',
  'type',
  'description',
  'amount',
  'fee',
  'currency',
  'converted amount',
  'from currency',
  'to currency',
  'rate',
  'counterparty',
  'status',
  'category',
] as const;
export const transactionExportQuerySchema = z
  .object({
    type: transactionListQuerySchema.shape.type,
    ...historySearchFields,
  })
  .refine(rangeInOrder, rangeError);
export type TransactionExportQuery = z.infer<typeof transactionExportQuerySchema>;

/** The part of a list query that narrows which rows match (not which page). */
export type HistorySearch = Pick<TransactionExportQuery, 'q' | 'from' | 'to' | 'category' | 'receipt'>;
