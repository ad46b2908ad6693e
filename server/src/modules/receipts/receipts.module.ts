import type { Kysely } from 'kysely';
import type { Config } from '../../config/env';
import type { Database } from '../../db/schema';
import type { App } from '../../http';
import type { AuthService } from '../auth/auth.service';
import { createFileStorage } from '../storage/create-file-storage';
import { receiptRoutes } from './receipts.routes';
import { createReceiptsFace } from './receipts';
import { createReceiptsService } from './receipts.service';

/**
 * Receipts attached to outgoing history rows, kept in file storage. Its routes sit under the history's
 * prefix; `face` streams a period's receipts (the accountant pack).
 */
export async function receiptsModule(
  app: App,
  deps: { db: Kysely<Database>; config: Config; auth: AuthService },
) {
  const storage = createFileStorage(deps.config);
  const receipts = createReceiptsService({ db: deps.db, storage });
  deps.auth.onUserRemoving((trx, userId) => receipts.removeFilesOf(trx, userId));
  await app.register(receiptRoutes, { prefix: '/api/transactions', receipts });
  return { face: createReceiptsFace({ db: deps.db, storage }) };
}
