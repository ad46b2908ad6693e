import type { Transaction } from 'kysely';
import type { Database, TransactionRow } from '../../db/schema';
import { LedgerRuleError } from './entry';

/**
 * The history rows an entry carries (EntryInput.transactions, the user's view of the movement) are the
 * transactions module's table: that module writes them and hands the ledger its writer when the app is built
 * (modules/transactions/history.ts), so the ledger core depends on no feature. The ledger stamps the rows with
 * the entry's id and time and has them written in the entry's transaction. On PostgreSQL ledger_post_entry
 * inserts them itself, in its one round trip.
 */
export type HistoryWriter = (trx: Transaction<Database>, rows: TransactionRow[]) => Promise<TransactionRow[]>;

let writer: HistoryWriter | undefined;

export function setHistoryWriter(write: HistoryWriter): void {
  writer = write;
}

export function writeHistory(trx: Transaction<Database>, rows: TransactionRow[]): Promise<TransactionRow[]> {
  if (!writer)
    throw new LedgerRuleError('No history writer: modules/transactions sets it as the app is built');
  return writer(trx, rows);
}
