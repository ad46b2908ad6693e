import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { Database, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { lockCustomerAccounts } from '../ledger/accounts';
import { findUser } from '../user/users';
import { ensureWallet } from '../wallets/wallets';

/**
 * What the cards module needs of the people and wallets it does not own: the card's holder (named on the
 * card, asked for a password before a reveal) and the wallet a card pays from. Every call into another
 * module's tables from cards goes through this file.
 */

/** The signed-in holder; an account removed since the session began is signed out. */
export async function holderOf(db: Kysely<Database>, userId: string): Promise<UserRow> {
  const user = await findUser(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue');
  return user;
}

/** Opens the holder's wallet in a new card's currency if they have none yet. */
export async function openCardWallet(db: Kysely<Database>, userId: string, currency: Currency) {
  await ensureWallet(db, userId, currency);
}

/** The id of the wallet a card pays from: the holder's wallet in the card's currency, opened if missing. */
export function cardWalletOf(db: Kysely<Database>, userId: string, currency: Currency): Promise<string> {
  return ensureWallet(db, userId, currency);
}

/**
 * The wallet's balance, locked until commit (PostgreSQL) so that the payment posted after reading it starts
 * from it: concurrent purchases on one wallet queue here and never overdraw it together.
 */
export async function lockedBalanceOf(db: Kysely<Database>, walletId: string): Promise<bigint> {
  const [wallet] = await lockCustomerAccounts(db, [walletId]);
  return BigInt(wallet?.balance ?? 0n);
}
