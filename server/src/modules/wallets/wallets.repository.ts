import { sql, type Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { Book, Database } from '../../db/schema';
import { isPostgres } from '../../db/dialect';
import { precompiled } from '../../db/precompiled';
import { newId } from '../../lib/ids';

type Db = Kysely<Database>;

/** A wallet is a customer ledger account of kind "wallet": one per user and currency. */
const WALLET = 'wallet';

export interface WalletRow {
  id: string;
  currency: Currency;
  balance: bigint | null;
  created_at: string;
}

/** Opens the wallets that do not exist yet, in the user's book (a demo's are demo); returns how many. */
export function openWallets(db: Db, userId: string, currencies: Currency[], createdAt?: string) {
  return openAccounts(db, userId, WALLET, currencies, createdAt);
}

/**
 * Opens the user's customer accounts of `kind` (one per currency) that do not exist yet, in the user's book.
 * Besides wallets: the reservation accounts that hold what pending orders need (trading).
 */
async function openAccounts(
  db: Db,
  userId: string,
  kind: string,
  currencies: Currency[],
  createdAt?: string,
) {
  const at = createdAt ?? new Date().toISOString();
  const book = sql<Book>`(select case when is_demo = 1 then 'demo' else 'live' end from users where id = ${userId})`;
  const result = await db
    .insertInto('ledger_accounts')
    .values(
      currencies.map((currency) => ({
        id: newId(),
        user_id: userId,
        kind,
        currency,
        balance: 0n,
        book,
        created_at: at,
      })),
    )
    .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'currency']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
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

/**
 * The id of the user's wallet in `currency`, opened first if they have none yet. Looked up before opening:
 * the wallet usually exists, and then this is one query instead of two. `known`: the user's wallets already
 * read in this transaction (a payment's context), where an existing one is found without a query.
 */
export async function ensureWallet(
  db: Db,
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

/** The id of the user's customer account of `kind` in `currency` (not a wallet: never listed), opened if missing. */
export async function ensureUserAccount(
  db: Db,
  userId: string,
  kind: string,
  currency: Currency,
): Promise<string> {
  await openAccounts(db, userId, kind, [currency]);
  const account = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  return account.id;
}
