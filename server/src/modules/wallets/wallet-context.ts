import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { Database } from '../../db/schema';
import { claimKey, type IdempotentRequest, type KeyClaim } from '../idempotency/idempotency';
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
 * Claims the key and reads the context, in this order: the claim first (a concurrent request with the same key
 * waits here), the wallets, then the level's lock, then the month's outflows. As statements on both databases:
 * on PostgreSQL a stored function doing the same in one round trip did not win its 10% on POST /api/trade
 * (BENCHMARKS.md, "Stored functions: A/B").
 */
export async function claimWalletContext(
  trx: Kysely<Database>,
  request: IdempotentRequest,
  query: WalletContextQuery,
  now = new Date(),
): Promise<KeyClaim<WalletContext>> {
  const { userId } = request;
  const claim = await claimKey(trx, request, now);
  if (!claim.claimed) return claim;
  const wallets =
    'walletId' in query
      ? [await lockWalletForPayment(trx, userId, query.walletId)].filter((wallet) => wallet !== undefined)
      : await findWalletsByCurrency(trx, userId, query.currencies);
  const use = query.monthlyUse ? await readMonthlyUse(trx, userId, now) : undefined;
  return { claimed: true, context: { wallets, use } };
}
