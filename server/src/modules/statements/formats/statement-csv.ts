import { formatAmount } from '@contract/money';
import { csvLine } from '../../transactions/transactions-csv';
import type { StatementSet } from '../statement-set';

export const statementCsvColumns = [
  'wallet',
  'currency',
  'booked at',
  'type',
  'description',
  'counterparty',
  'amount',
  'balance',
  'reference',
  'entry',
  'history id',
] as const;

const NUMBERS = new Set([6, 7]);

/**
 * The statement as RFC 4180 CSV: per wallet an "opening balance" line, one line per movement (amount signed:
 * negative left the wallet; `reference` is the movement's stable id), and a "closing balance" line.
 */
export function renderStatementCsv(set: StatementSet): string {
  let out = csvLine([...statementCsvColumns]);
  for (const wallet of set.wallets) {
    const money = (minor: bigint) => formatAmount(minor, wallet.currency);
    const balanceLine = (type: string, at: string, minor: bigint) =>
      csvLine([wallet.walletId, wallet.currency, at, type, '', '', '', money(minor), '', '', ''], NUMBERS);
    out += balanceLine('opening balance', wallet.from, wallet.opening);
    for (const movement of wallet.movements) {
      out += csvLine(
        [
          wallet.walletId,
          wallet.currency,
          movement.bookedAt,
          movement.type,
          movement.description,
          movement.counterparty,
          money(movement.amount),
          money(movement.balanceAfter),
          movement.postingId,
          movement.entryId,
          movement.historyId,
        ],
        NUMBERS,
      );
    }
    out += balanceLine(set.closed ? 'closing balance' : 'balance so far', wallet.to, wallet.closing);
  }
  return out;
}
