import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { AuthService } from '../auth/auth.service';
import { removeHistoryOf, writeHistoryWithEntries } from './history';
import { transactionRoutes } from './transactions.routes';
import { createTransactionsService } from './transactions.service';

/**
 * The history of a user's money: its read side (transfers adds its routes under the same prefix), the writer
 * the ledger writes each entry's history rows with, and a removed user's rows going in the transaction that
 * removes them. Before the ledger module, so no entry is posted without the writer.
 */
export async function transactionsModule(app: App, deps: { db: Kysely<Database>; auth: AuthService }) {
  writeHistoryWithEntries();
  deps.auth.onUserRemoving(removeHistoryOf);
  const transactions = createTransactionsService({ db: deps.db });
  await app.register(transactionRoutes, { prefix: '/api/transactions', transactions });
  // The history's reading side, for modules that export it too (the accountant pack's history.csv).
  return { transactions };
}
