import { transactionTypeLabels, type Transaction, type TransactionStatus } from '@contract/transactions';
import { formatMoney, formatSignedMoney, moneyFromWire } from '@web/lib/money';

export type StatusLabel = 'Completed' | 'Pending' | 'Returned' | 'Cancelled';

/**
 * A `completed` row shows Completed; anything else shows Pending, except a payment nobody claimed, which came
 * back to the sender: it says Returned, so nobody reads the money as gone.
 */
export const statusLabel = (status: TransactionStatus): StatusLabel =>
  status === 'completed' ? 'Completed' : status === 'returned' ? 'Returned' : 'Pending';

/**
 * An exchange comes back only when a resting limit order is cancelled: nothing was exchanged, the reservation
 * was released. Read as "$10.00 → BTC 0.01 · Returned" it looks like a trade, so it says what happened.
 */
export const isCancelledOrder = (transaction: Transaction) =>
  transaction.direction === 'exchange' && transaction.status === 'returned';

/** The row's status: a cancelled limit order says Cancelled, the rest as `statusLabel`. */
export const rowStatusLabel = (transaction: Transaction): StatusLabel =>
  isCancelledOrder(transaction) ? 'Cancelled' : statusLabel(transaction.status);

export const typeLabels = transactionTypeLabels;

/** Who was paid or paid: the named party, else their email; for an exchange, the two currencies. */
export function counterpartyOf(transaction: Transaction): string | null {
  if (transaction.direction === 'exchange') {
    const { fromCurrency, toCurrency } = transaction;
    return fromCurrency && toCurrency ? `${fromCurrency} → ${toCurrency}` : null;
  }
  return transaction.counterparty || transaction.counterpartyEmail || transaction.recipientEmail || null;
}

export interface AmountView {
  /** "+$3,200.00", "−$100.00", "$1,200.00 → €1,107.96". */
  text: string;
  /** The currency code beside a one-currency amount ("USD"); null for an exchange, which shows both. */
  code: string | null;
  /** A second line: the fee on top, or what the recipient got in another currency. */
  detail: string | null;
}

/**
 * The amount as the history shows it. `amount` is always positive on the wire and `direction` says which way
 * it moved: in is "+", out is "−"; an exchange stays within the user's wallets, so it shows from → to.
 */
export function amountView(transaction: Transaction): AmountView {
  const { amount, currency, direction, convertedAmount, toCurrency, fee } = transaction;
  const money = moneyFromWire(amount, currency);
  if (!money) return { text: amount, code: currency, detail: null };
  const feeMoney = moneyFromWire(fee, currency);
  const feeText = feeMoney && feeMoney.isPositive() ? `fee ${formatMoney(feeMoney)}` : null;

  if (isCancelledOrder(transaction)) {
    return { text: `Limit order cancelled, ${formatMoney(money)} released`, code: null, detail: null };
  }
  if (direction === 'exchange') {
    const to = convertedAmount && toCurrency ? ` → ${formatMoney(convertedAmount, toCurrency)}` : '';
    return { text: `${formatMoney(money)}${to}`, code: to ? null : currency, detail: feeText };
  }
  if (direction === 'in') return { text: formatSignedMoney(money, '+'), code: currency, detail: null };

  const converted =
    convertedAmount && toCurrency && toCurrency !== currency
      ? `they get ${formatMoney(convertedAmount, toCurrency)}`
      : null;
  const detail = [converted, feeText].filter(Boolean).join(' · ') || null;
  return { text: formatSignedMoney(money, '-'), code: currency, detail };
}
