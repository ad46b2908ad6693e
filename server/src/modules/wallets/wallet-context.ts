/**
 * What a deposit, a conversion or a market order reads before it prices and posts. A rule in both TypeScript
 * and PostgreSQL: claimWalletContext's statements (walletContextByStatements) = `payment_context`
 * (sql/payment-context.sql), which calls `idempotency_claim` and `monthly_use`; wallet-context.test.ts reads
 * the same cases through both.
 */
import { sql, type Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { claimKey, type IdempotentRequest, type KeyClaim, type StoredKey } from '../idempotency/idempotency';
import { readMonthlyUse, type MonthlyUse } from '../kyc/spending-limit';
import { findWalletsByCurrency, lockWalletForPayment, type WalletRow } from './wallets.repository';

/** What a conversion or a deposit reads before it can price and post, having claimed its idempotency key. */
export interface WalletContext {
  /** The wallet asked for by id (locked), or the user's wallets in the currencies asked for; oldest first. */
  wallets: WalletRow[];
  /** The level (locked until commit on PostgreSQL) and this month's outflows, when asked for. */
  use: MonthlyUse | undefined;
}

export type WalletContextQuery =
  { walletId: string; monthlyUse: boolean } | { currencies: Currency[]; monthlyUse: boolean };

/**
 * Claims the key and reads the context: on PostgreSQL in ONE round trip (`payment_context`,
 * sql/payment-context.sql), on SQLite as the statements below, which are the reference the function is held
 * to (wallet-context.test).
 * The same order on both: the claim first (a concurrent request with the same key waits here), the wallets,
 * then the level's lock, then the month's outflows.
 */
export function claimWalletContext(
  trx: Kysely<Database>,
  request: IdempotentRequest,
  query: WalletContextQuery,
  now = new Date(),
): Promise<KeyClaim<WalletContext>> {
  return isPostgres(trx)
    ? contextInOneCall(trx, request, query, now)
    : walletContextByStatements(trx, request, query, now);
}

type ContextReader = typeof claimWalletContext;

/** The JavaScript path: SQLite's, and on PostgreSQL the reference for the test. Exported for that test only. */
export const walletContextByStatements: ContextReader = async (trx, request, query, now = new Date()) => {
  const { userId } = request;
  const claim = await claimKey(trx, request, now);
  if (!claim.claimed) return claim;
  const wallets =
    'walletId' in query
      ? [await lockWalletForPayment(trx, userId, query.walletId)].filter((wallet) => wallet !== undefined)
      : await findWalletsByCurrency(trx, userId, query.currencies);
  const use = query.monthlyUse ? await readMonthlyUse(trx, userId, now) : undefined;
  return { claimed: true, context: { wallets, use } };
};

type ContextJson =
  | { claimed: false; stored: StoredKey | null }
  | {
      claimed: true;
      wallets: (Omit<WalletRow, 'balance'> & { balance: string | null })[];
      level: MonthlyUse['level'] | null;
      outflows: MonthlyUse['outflows'];
    };

const contextInOneCall: ContextReader = async (trx, request, query, now = new Date()) => {
  const { userId, key, fingerprint } = request;
  const [currencies, walletId] = 'walletId' in query ? [null, query.walletId] : [query.currencies, null];
  const { rows } = await sql<{ context: ContextJson }>`select payment_context(
    ${userId}, ${key}, ${fingerprint}, ${now.toISOString()}, ${currencies}::text[], ${walletId},
    ${query.monthlyUse}) as context`.execute(trx);
  const context = rows[0]!.context;
  if (!context.claimed) return { claimed: false, stored: context.stored ?? undefined };
  return {
    claimed: true,
    context: {
      wallets: context.wallets.map((wallet) => ({
        ...wallet,
        balance: wallet.balance === null ? null : BigInt(wallet.balance),
      })),
      // Outflow totals come as text, as transfer_context's do.
      use: query.monthlyUse
        ? { level: context.level ?? 'unverified', outflows: context.outflows }
        : undefined,
    },
  };
};
