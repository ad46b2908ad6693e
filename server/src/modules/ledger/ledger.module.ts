import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthService } from '../auth/auth.service';
import { ensureHouseAccounts } from './house-accounts';
import { releaseUserLedger } from './ledger.release';

/**
 * The ledger has no routes of its own: money modules post through it. Its house accounts exist before any
 * entry, and a removed user's ledger is released in the same transaction that deletes the user.
 */
export async function ledgerModule(deps: { db: Kysely<Database>; auth: AuthService }) {
  await ensureHouseAccounts(deps.db);
  deps.auth.onUserRemoving(releaseUserLedger);
}
