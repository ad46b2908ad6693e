/**
 * What a transfer reads before it prices and posts. A rule in both TypeScript and PostgreSQL:
 * claimTransferContext's statements (contextByStatements) = `transfer_context` (sql/transfer-context.sql),
 * which calls `idempotency_claim` and `monthly_use` for the steps those modules own; transfer-context.test.ts
 * reads random cases through both.
 */
import { sql, type Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import { isPostgres } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { setAsideGoalsOf, toSetAsideGoal, type SetAsideGoal } from '../goals/set-aside';
import { claimKey, type IdempotentRequest, type KeyClaim, type StoredKey } from '../idempotency/idempotency';
import { readMonthlyUse, type MonthlyUse } from '../kyc/spending-limit';
import { findParties, type Party } from './transfers.repository';

/** What a transfer reads before it can price and post, having claimed its idempotency key. */
export interface TransferContext {
  /** The sender and, when the address is someone's, its owner, each with the wallet the transfer touches. */
  parties: Party[];
  /** The sender's level, locked until commit on PostgreSQL, and this month's outflows. */
  use: MonthlyUse;
  /** The recipient's goals in the target currency that take a share of what arrives (none without one). */
  recipientGoals: SetAsideGoal[];
}

export interface TransferContextQuery {
  fromCurrency: Currency;
  toCurrency: Currency;
  recipientEmail: string;
}

/**
 * Claims the key and reads the context: on PostgreSQL in ONE round trip (`transfer_context`,
 * sql/transfer-context.sql), on SQLite as the statements below, which are the reference the function is held
 * to (transfer-context.test).
 * The order is the same on both: the claim first (a concurrent request with the same key waits here), the
 * parties, the level's lock, then the month's use, then the goals.
 */
export function claimTransferContext(
  trx: Kysely<Database>,
  request: IdempotentRequest,
  query: TransferContextQuery,
  now = new Date(),
): Promise<KeyClaim<TransferContext>> {
  return isPostgres(trx)
    ? contextInOneCall(trx, request, query, now)
    : contextByStatements(trx, request, query, now);
}

type ContextReader = (
  trx: Kysely<Database>,
  request: IdempotentRequest,
  query: TransferContextQuery,
  now: Date,
) => Promise<KeyClaim<TransferContext>>;

/** The JavaScript path: SQLite's, and on PostgreSQL the reference for the test. Exported for that test only. */
export const contextByStatements: ContextReader = async (trx, request, query, now) => {
  const { userId } = request;
  const claim = await claimKey(trx, request, now);
  if (!claim.claimed) return claim;
  const parties = await findParties(trx, { senderId: userId, ...query });
  const use = await readMonthlyUse(trx, userId, now);
  const recipient = parties.find((party) => party.id !== userId);
  const recipientGoals = recipient ? await setAsideGoalsOf(trx, recipient.id, query.toCurrency) : [];
  return { claimed: true, context: { parties, use, recipientGoals } };
};

type ContextJson =
  | { claimed: false; stored: StoredKey | null }
  | {
      claimed: true;
      parties: Party[];
      level: MonthlyUse['level'] | null;
      outflows: MonthlyUse['outflows'];
      goals: Parameters<typeof toSetAsideGoal>[0][];
    };

const contextInOneCall: ContextReader = async (trx, request, query, now) => {
  const { userId, key, fingerprint } = request;
  const { rows } = await sql<{ context: ContextJson }>`select transfer_context(
    ${userId}, ${key}, ${fingerprint}, ${now.toISOString()}, ${query.fromCurrency}, ${query.toCurrency},
    ${query.recipientEmail}) as context`.execute(trx);
  const context = rows[0]!.context;
  if (!context.claimed) return { claimed: false, stored: context.stored ?? undefined };
  return {
    claimed: true,
    context: {
      parties: context.parties,
      // Outflow totals come as text: a bigint never passes through a JSON number.
      use: { level: context.level ?? 'unverified', outflows: context.outflows },
      recipientGoals: context.goals.map(toSetAsideGoal),
    },
  };
};
