import { formatAmount } from '@contract/money';
import {
  directionOf,
  transactionStatuses,
  transactionTypes,
  type Transaction,
  type TransactionStatus,
  type TransactionType,
} from '@contract/transactions';
import type { HistoryRow, NoteAuthor } from '@contract/categories';
import type { TransactionRow } from '../../db/schema';
import type { ListedHistoryRow } from './transactions.repository';

/** A database row as the wire shape: amounts become decimal strings with their currency's scale. */
export function toTransaction(row: TransactionRow): Transaction {
  const { currency } = row;
  const type = row.type as TransactionType;
  if (!transactionTypes.includes(type)) throw new Error(`Unknown transaction type: ${row.type}`);
  if (!transactionStatuses.includes(row.status as TransactionStatus))
    throw new Error(`Unknown status: ${row.status}`);
  const toCurrency = row.to_currency;
  return {
    id: row.id,
    type,
    direction: directionOf(type),
    walletId: row.wallet_id,
    amount: formatAmount(row.amount, currency),
    currency,
    fee: formatAmount(row.fee, currency),
    fromCurrency: row.from_currency,
    toCurrency,
    exchangeRate: row.exchange_rate,
    convertedAmount:
      row.converted_amount === null || toCurrency === null
        ? null
        : formatAmount(row.converted_amount, toCurrency),
    recipientEmail: row.recipient_email,
    counterparty: row.counterparty,
    counterpartyEmail: row.counterparty_email,
    description: row.description,
    status: row.status as TransactionStatus,
    createdAt: row.created_at,
  };
}

/** A listed history row as the wire shape: the transaction with its category and note. */
export function toHistoryRow(row: ListedHistoryRow): HistoryRow {
  const note =
    row.note_text === null || row.note_at === null
      ? null
      : { text: row.note_text, writtenBy: row.note_by as NoteAuthor, writtenAt: row.note_at };
  return { ...toTransaction(row), category: row.category, note };
}
