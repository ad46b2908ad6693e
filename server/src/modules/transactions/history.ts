import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { setHistoryWriter } from '../ledger/entry-history';
import type { HistoryRowInput } from '../ledger/entry';
import { deleteTransactionsOf, insertTransactions } from './transactions.repository';

/**
 * The transactions module's public face: what other modules may do with the user's history rows (the
 * `transactions` table, written only by this module's repository). A movement describes its rows in its
 * ledger entry (EntryInput.transactions); they are written with the entry, through the writer this module
 * gives the ledger (writeHistoryWithEntries).
 */

/** A history row as a money movement describes it; the ledger adds id, entry and time when it posts. */
export type NewTransaction = HistoryRowInput;

/** Has the ledger write each entry's history rows through this module (called once, as the app is built). */
export function writeHistoryWithEntries(): void {
  setHistoryWriter(insertTransactions);
}

/**
 * A movement's later outcome on its history rows (a payout settled, a held payment delivered or returned);
 * a row that is gone (its demo user removed meanwhile) is simply not updated.
 */
export { setTransactionStatus } from './transactions.repository';

/** For auth's onUserRemoving hook: a removed user's own history rows go (the ledger keeps every entry). */
export async function removeHistoryOf(trx: Transaction<Database>, userId: string): Promise<void> {
  await deleteTransactionsOf(trx, userId);
}
