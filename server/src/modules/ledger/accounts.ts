import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { Database } from '../../db/schema';
import * as repo from './ledger.repository';

/**
 * The ledger opens every account. A customer account belongs to one user and has a `kind` (`wallet`, a
 * savings goal's `goal:<id>`, trading's reservation) and one currency, and starts at zero in its owner's book
 * (a demo's are demo). Other modules ask here; only the ledger's repository writes `ledger_accounts`.
 */

/** Opens the user's accounts of `kind` (one per currency) that do not exist yet; answers how many. */
export function openAccounts(
  db: Kysely<Database>,
  userId: string,
  kind: string,
  currencies: Currency[],
  createdAt = new Date().toISOString(),
): Promise<number> {
  return repo.insertCustomerAccounts(db, { userId, kind, currencies, createdAt });
}

/** The id of the user's account of `kind` in `currency`, opened first if missing. */
export async function ensureAccount(
  db: Kysely<Database>,
  userId: string,
  kind: string,
  currency: Currency,
): Promise<string> {
  await openAccounts(db, userId, kind, [currency]);
  const id = await repo.findAccountId(db, userId, kind, currency);
  if (!id) throw new Error(`No ${kind} account in ${currency} for user ${userId} after opening it`);
  return id;
}

/**
 * The customer accounts among `ids` with their cached balances, locked until commit on PostgreSQL (in id
 * order), so what is read is what the next entry starts from.
 */
export const lockCustomerAccounts = repo.lockCustomerAccounts;
