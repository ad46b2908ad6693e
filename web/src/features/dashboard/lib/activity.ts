import type { Transaction, TransactionType } from '@contract/transactions';
import { formatMoney, formatSignedMoney, moneyFromWire } from '@web/lib/money';

/**
 * What a transaction is called in Recent Activity. The sketch knew only receive, card payment and "currency
 * exchange" for everything else; Meridian's types are richer, so each gets its own plain name.
 */
export const activityLabels: Record<TransactionType, string> = {
  receive: 'Incoming payment',
  invoice_payment: 'Invoice payment',
  deposit: 'Deposit',
  send: 'Money sent',
  card_payment: 'Card payment',
  exchange: 'Currency exchange',
  savings_deposit: 'Saved to a goal',
  savings_withdrawal: 'Taken from a goal',
  processing_fee: 'Card processing fee',
};

/**
 * The amount as the list shows it. Money in is "+", money out "−"; an exchange moves money between the
 * customer's own wallets, so it shows what arrived and, underneath, what it cost.
 */
export function activityAmount(transaction: Transaction): { text: string; detail: string | null } {
  const { amount, currency, direction, convertedAmount, toCurrency } = transaction;
  const money = moneyFromWire(amount, currency);
  if (!money) return { text: formatMoney(amount, currency), detail: null };
  if (direction === 'exchange') {
    if (convertedAmount && toCurrency) {
      return { text: formatMoney(convertedAmount, toCurrency), detail: `from ${formatMoney(money)}` };
    }
    return { text: formatMoney(money), detail: null };
  }
  return { text: formatSignedMoney(money, direction === 'in' ? '+' : '-'), detail: null };
}
