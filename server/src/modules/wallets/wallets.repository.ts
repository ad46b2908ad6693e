import { sql, type Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { Database } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import { precompiled } from '../../db/precompiled';

type Db = Kysely<Database>;

/**
 * A wallet is a customer ledger account of kind "wallet": one per user and currency. The ledger opens and
 * moves it (ledger/accounts.ts, postEntry); this repository only reads it.
 */
export const WALLET = 'wallet';

export interface WalletRow {
  id: string;
  currency: Currency;
  balance: bigint | null;
  created_at: string;
}

const wallets = (db: Db, userId: string) =>
  db
    .selectFrom('ledger_accounts')
    .select(['id', 'currency', 'balance', 'created_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', WALLET);

// The dashboard's first call: compiled once (see db/precompiled.ts).
const walletList = precompiled((db: Db, userId: string) => wallets(db, userId).orderBy('created_at'));

export function listWallets(db: Db, userId: string): Promise<WalletRow[]> {
  return walletList(db, userId);
}

// The same, for several users at once (a read batch: db/read-batcher.ts). One statement for any number of
// users, so PostgreSQL keeps one named statement.
const walletListOfUsers = precompiled((db: Db, userIds: string[]) =>
  db
    .selectFrom('ledger_accounts')
    .select(['user_id', 'id', 'currency', 'balance', 'created_at'])
    .where('user_id', '=', sql<string>`any(${userIds}::text[])`)
    .where('kind', '=', WALLET)
    .orderBy('created_at'),
);

/** Each user's wallets, oldest first (a user without any is left out). */
export async function listWalletsOfUsers(db: Db, userIds: string[]): Promise<Map<string, WalletRow[]>> {
  const byUser = new Map<string, WalletRow[]>();
  for (const { user_id, ...wallet } of await walletListOfUsers(db, userIds)) {
    const userId = user_id!; // picked by user_id, so never a house account's null
    const list = byUser.get(userId);
    if (list) list.push(wallet);
    else byUser.set(userId, [wallet]);
  }
  return byUser;
}

export function findWalletByCurrency(
  db: Db,
  userId: string,
  currency: Currency,
): Promise<WalletRow | undefined> {
  return wallets(db, userId).where('currency', '=', currency).executeTakeFirst();
}

/**
 * The user's own wallet with this id (another user's is simply not found), for a payment into it: on
 * PostgreSQL locked until commit, so the balance read is the one its entry starts from (SQLite's BEGIN
 * IMMEDIATE holds every writer off already).
 */
export function lockWalletForPayment(
  db: Db,
  userId: string,
  walletId: string,
): Promise<WalletRow | undefined> {
  const query = wallets(db, userId).where('id', '=', walletId);
  return (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

/** The user's wallets in these currencies (those that exist), oldest first, in one query. */
export function findWalletsByCurrency(db: Db, userId: string, currencies: Currency[]): Promise<WalletRow[]> {
  return wallets(db, userId)
    .where('currency', 'in', currencies)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
