import { transactionCsvColumns, type Transaction } from '@contract/transactions';

// A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One RFC 4180 field: formula-like text defused with a leading ', quoted when it holds , " or a line break. */
export function csvField(value: string | null): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (fields: (string | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

export const csvHeader = line([...transactionCsvColumns]);

/** A history row in the order of transactionCsvColumns. */
export function csvRow(transaction: Transaction): string {
  return line([
    transaction.createdAt,
    transaction.type,
    transaction.description,
    transaction.amount,
    transaction.currency,
    transaction.fromCurrency,
    transaction.toCurrency,
    transaction.exchangeRate,
    transaction.counterparty ?? transaction.recipientEmail,
    transaction.status,
  ]);
}
