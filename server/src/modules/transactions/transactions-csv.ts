import { transactionCsvColumns, type Transaction } from '@contract/transactions';

// A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One RFC 4180 field: formula-like text defused with a leading ', quoted when it holds , " or a line break. */
export function csvField(value: string | null): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A number cell: a plain (possibly negative) decimal is written as it is, so it stays a number; else as text. */
export const csvNumber = (value: string | null) =>
  value !== null && PLAIN_NUMBER.test(value) ? value : csvField(value);

/** One CSV line; `numbers` says which positions hold numbers. */
export const csvLine = (fields: (string | null)[], numbers: ReadonlySet<number> = new Set()) =>
  `${fields.map((field, index) => (numbers.has(index) ? csvNumber(field) : csvField(field))).join(',')}\r\n`;

export const csvHeader = csvLine([...transactionCsvColumns]);

const NUMBER_COLUMNS = new Set(
  ['amount', 'fee', 'converted amount', 'rate'].map((name) => transactionCsvColumns.indexOf(name as never)),
);

const negate = (decimal: string) => (/^0(\.0*)?$/.test(decimal) ? decimal : `-${decimal}`);
const zeroLike = (decimal: string) => decimal.replace(/\d/g, '0');

/**
 * A history row in the order of transactionCsvColumns, signed as its money moved (see the contract), with the
 * name of its category.
 */
export function csvRow(transaction: Transaction, category = ''): string {
  const moved = transaction.status !== 'returned' && transaction.status !== 'failed';
  const leaving = transaction.direction !== 'in';
  const amount = !moved
    ? zeroLike(transaction.amount)
    : leaving
      ? negate(transaction.amount)
      : transaction.amount;
  const fee = !moved ? zeroLike(transaction.fee) : negate(transaction.fee);
  // Only an exchange brings money into one of the user's own wallets; what a payee received is theirs.
  const arrived = transaction.direction === 'exchange' ? transaction.convertedAmount : null;
  const converted = arrived && (moved ? arrived : zeroLike(arrived));
  return csvLine(
    [
      transaction.createdAt,
      transaction.type,
      transaction.description,
      amount,
      fee,
      transaction.currency,
      converted,
      transaction.fromCurrency,
      transaction.toCurrency,
      transaction.exchangeRate,
      transaction.counterparty ?? transaction.recipientEmail,
      transaction.status,
      category,
    ],
    NUMBER_COLUMNS,
  );
}
