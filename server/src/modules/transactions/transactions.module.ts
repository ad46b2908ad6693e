import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import { transactionRoutes } from './transactions.routes';
import { createTransactionsService } from './transactions.service';

/** The history of a user's money, read side (transfers adds its routes under the same prefix). */
export async function transactionsModule(app: App, deps: { db: Kysely<Database> }) {
  const transactions = createTransactionsService({ db: deps.db });
  await app.register(transactionRoutes, { prefix: '/api/transactions', transactions });
}
