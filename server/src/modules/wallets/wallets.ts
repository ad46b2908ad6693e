import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { Database } from '../../db/schema';
import { ensureAccount, openAccounts } from '../ledger/accounts';
import { findWalletByCurrency, listWallets, WALLET, type WalletRow } from './wallets.repository';

/**
 * The wallets module's public face: what other modules may ask of a user's wallets. A wallet is a ledger
 * account (the ledger opens it and moves its money); a user has at most one per currency.
 */

export { findWalletByCurrency, type WalletRow } from './wallets.repository';

/** The user's own wallets (another user's are never among them). */
export function listOwnWallets(db: Kysely<Database>, userId: string): Promise<WalletRow[]> {
  return listWallets(db, userId);
}

/** Opens the wallets that do not exist yet, in the user's book (a demo's are demo); returns how many. */
export function openWallets(
  db: Kysely<Database>,
  userId: string,
  currencies: Currency[],
  createdAt?: string,
): Promise<number> {
  return openAccounts(db, userId, WALLET, currencies, createdAt);
}

/**
 * The id of the user's wallet in `currency`, opened first if they have none yet. Looked up before opening:
 * the wallet usually exists, and then this is one query instead of two. `known`: the user's wallets already
 * read in this transaction (a payment's context), where an existing one is found without a query.
 */
export async function ensureWallet(
  db: Kysely<Database>,
  userId: string,
  currency: Currency,
  known: readonly WalletRow[] = [],
): Promise<string> {
  const existing =
    known.find((wallet) => wallet.currency === currency) ??
    (await findWalletByCurrency(db, userId, currency));
  if (existing) return existing.id;
  await openWallets(db, userId, [currency]);
  const wallet = await findWalletByCurrency(db, userId, currency);
  if (!wallet) throw new Error(`No ${currency} wallet for user ${userId} after opening it`);
  return wallet.id;
}

/**
 * The id of the user's customer account of `kind` in `currency` that is not a wallet (never listed: a
 * savings goal's, trading's reservation), opened if missing.
 */
export const ensureUserAccount = ensureAccount;
