import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { setHistoryWriter } from '../ledger/entry-history';
import type { HistoryRowInput } from '../ledger/entry';
import {
  deleteTransactionsOf,
  findDescription,
  findTransactionOf,
  insertTransactions,
} from './transactions.repository';

/**
 * The transactions module's public face: what other modules may do with the user's history rows (the
 * `transactions` table, which this module's repository writes). A movement describes its rows in its ledger
 * entry (EntryInput.transactions); they are written with the entry, through the writer this module gives the
 * ledger (writeHistoryWithEntries), or on PostgreSQL by ledger_post_entry in the entry's one call.
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

/** A filled limit order's history row takes the trade's final figures and is completed. */
export { completeTransaction } from './transactions.repository';

/** What a history row says the movement was for (a held payment's delivery repeats the sender's words). */
export const descriptionOf = findDescription;

/** For auth's onUserRemoving hook: a removed user's own history rows go (the ledger keeps every entry). */
export async function removeHistoryOf(trx: Transaction<Database>, userId: string): Promise<void> {
  await deleteTransactionsOf(trx, userId);
}

/** Whether a history row is this user's (another user's row is as absent as a missing one). */
export async function isOwnHistoryRow(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  return (await findTransactionOf(db, userId, id)) !== undefined;
}
