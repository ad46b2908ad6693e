import type { Kysely } from 'kysely';
import type { TradeAsset } from '@contract/trading';
import type { Database } from '../../db/schema';
import { completeTransaction, setTransactionStatus } from '../transactions/history';
import { ensureUserAccount, ensureWallet, findWalletByCurrency, type WalletRow } from '../wallets/wallets';
import type { MarketAccounts, TradeAccounts } from './trade-entry';

/**
 * What trading needs of the accounts and history rows it does not own: the user's USD and asset wallets and
 * reservation accounts (opened if missing), and the outcome of a limit order on its history row. Every call
 * into another module's tables from trading goes through this file.
 */

const RESERVATION = 'reservation';

/**
 * The USD and asset wallets a trade moves between, opened if missing. `found`: the user's wallets already
 * read in this transaction (a trade's context), so that an existing wallet costs no query.
 */
export async function walletsOf(
  trx: Kysely<Database>,
  userId: string,
  asset: TradeAsset,
  found: readonly WalletRow[] = [],
): Promise<MarketAccounts> {
  return {
    usdWallet: await ensureWallet(trx, userId, 'USD', found),
    assetWallet: await ensureWallet(trx, userId, asset, found),
  };
}

/** …and the reservation accounts a limit order holds its funds in: only limit orders need them. */
export async function accountsOf(
  trx: Kysely<Database>,
  userId: string,
  asset: TradeAsset,
  found: readonly WalletRow[] = [],
): Promise<TradeAccounts> {
  return {
    ...(await walletsOf(trx, userId, asset, found)),
    usdReserve: await ensureUserAccount(trx, userId, RESERVATION, 'USD'),
    assetReserve: await ensureUserAccount(trx, userId, RESERVATION, asset),
  };
}

/** The user's wallet of an asset, if they have one: what the portfolio holds. */
export function assetWalletOf(db: Kysely<Database>, userId: string, asset: TradeAsset) {
  return findWalletByCurrency(db, userId, asset);
}

/** A cancelled limit order's history row: its reservation came back. */
export function markOrderReturned(trx: Kysely<Database>, transactionId: string) {
  return setTransactionStatus(trx, [transactionId], 'returned');
}

/** A filled limit order's history row: completed, with what the fill really cost or paid. */
export function markOrderFilled(
  trx: Kysely<Database>,
  transactionId: string,
  figures: { amount: bigint; fee: bigint; converted_amount: bigint; description: string },
) {
  return completeTransaction(trx, transactionId, figures);
}
