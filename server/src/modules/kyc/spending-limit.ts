/**
 * The monthly spending limit. Rules in both TypeScript and PostgreSQL:
 * - readMonthlyUse = `monthly_use` (sql/monthly-use.sql), called by transfer_context and payment_context;
 *   transfer-context.test.ts and wallet-context.test.ts hold the two to the same answers.
 * - countsTowardMonthlyLimit (monthly-outflow.ts) = the trigger function `transactions_monthly_outflow`
 *   (sql/monthly-outflow.sql) and SQLite's triggers; monthly-outflow.test.ts holds them to it.
 */
import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { SpendingLimit, VerificationLevel } from '@contract/kyc';
import { displayMoney, Money, parseAmount } from '@contract/money';
import { valueIn } from '@contract/pricing';
import type { Config } from '../../config/env';
import { isPostgres } from '../../db/dialect';
import { precompiledQuery } from '../../db/precompiled';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { quotedRate } from '../fx/fx-math';
import type { RateSource } from '../fx/rate-source';

type Db = Kysely<Database>;

/** A UTC month as `monthly_outflows` keys it ('2026-11'). */
export const monthOf = (now: Date) => now.toISOString().slice(0, 7);

/**
 * What left the user's wallets this UTC month, per currency, as monthly-outflow.ts defines what counts (sends,
 * card payments, conversions and trade buys; a limit buy when placed). Kept up to date from the history rows
 * by triggers, so this is one short read however many payments the month holds.
 */
async function outgoingThisMonth(db: Db, userId: string, now: Date) {
  return (await monthlyOutflows(db, userId, monthOf(now))).rows;
}

/** What the limit is checked against: the sender's level (locked for the payment) and this month's outflows. */
export interface MonthlyUse {
  level: VerificationLevel;
  outflows: { currency: string; total: bigint | string }[];
}

/**
 * The level, locked until commit on PostgreSQL, then the month's outflows. Two statements on purpose, not one:
 * under READ COMMITTED a statement reads the snapshot it started with, so a usage sum in the same statement as
 * the lock would miss the payment the lock waited for. Mirrored by the stored function `monthly_use`
 * (sql/monthly-use.sql), which transfer_context and payment_context call.
 */
export async function readMonthlyUse(trx: Db, userId: string, now: Date): Promise<MonthlyUse> {
  const [row] = (await levelForPayment(trx, userId)).rows;
  return {
    level: row?.verification_level ?? 'unverified',
    outflows: await outgoingThisMonth(trx, userId, now),
  };
}

// Compiled once (db/precompiled.ts), as is the level's lock below: every payment asks both.
const monthlyOutflows = precompiledQuery((db: Db, userId: string, month: string) =>
  db
    .selectFrom('monthly_outflows')
    .select(['currency', 'amount as total'])
    .where('user_id', '=', userId)
    .where('month', '=', month),
);

const levelForPayment = precompiledQuery((db: Db, userId: string) => {
  const query = db.selectFrom('users').select('verification_level').where('id', '=', userId);
  // On PostgreSQL the user's row is held until commit, so two payments at once cannot both fit the same
  // room. NO KEY UPDATE, not UPDATE: inserts referencing the user (history rows) still go through.
  return isPostgres(db) ? query.forNoKeyUpdate() : query;
});

export type SpendingLimits = ReturnType<typeof createSpendingLimits>;

/**
 * The monthly limit by verification level, in one place: unverified accounts may send, convert, buy and spend
 * by card up to UNVERIFIED_MONTHLY_LIMIT_USD a UTC month, verified ones up to VERIFIED_MONTHLY_LIMIT_USD
 * (holding and receiving are never limited). Everything is valued in USD at the current rate. Money modules
 * call `assertWithinMonthlyLimit` inside their money transaction, before posting.
 */
export function createSpendingLimits(deps: {
  rates: RateSource;
  config: Pick<Config, 'UNVERIFIED_MONTHLY_LIMIT_USD' | 'VERIFIED_MONTHLY_LIMIT_USD'>;
}) {
  const limitOf: Record<VerificationLevel, Money> = {
    unverified: Money.of(parseAmount(deps.config.UNVERIFIED_MONTHLY_LIMIT_USD, 'USD'), 'USD'),
    verified: Money.of(parseAmount(deps.config.VERIFIED_MONTHLY_LIMIT_USD, 'USD'), 'USD'),
  };

  async function inUsd(amount: Money): Promise<Money> {
    if (amount.currency === 'USD') return amount;
    const rate = quotedRate((await deps.rates.getRate(amount.currency, 'USD')).rate);
    return valueIn(amount, 'USD', rate);
  }

  async function usedOf(outflows: MonthlyUse['outflows']): Promise<Money> {
    let used = Money.zero('USD');
    for (const row of outflows) {
      used = used.plus(await inUsd(Money.of(BigInt(row.total), row.currency as Currency)));
    }
    return used;
  }

  async function roomFor(use: MonthlyUse, amount: Money) {
    const limit = limitOf[use.level];
    const used = await usedOf(use.outflows);
    const value = await inUsd(amount);
    return { fits: used.plus(value).compare(limit) <= 0, level: use.level, limit, used };
  }

  async function assertRoom(use: MonthlyUse, amount: Money) {
    const { fits, level, limit, used } = await roomFor(use, amount);
    if (fits) return;
    const left = limit.minus(used);
    const room = left.isPositive() ? `${displayMoney(left)} left` : 'nothing left';
    const message =
      level === 'verified'
        ? `This would go over your monthly limit of ${displayMoney(limit)} (USD equivalent): you have ${room} this month`
        : `This would go over the monthly limit of ${displayMoney(limit)} (USD equivalent) for unverified accounts: you have ${room} this month. Verify your identity to raise it to ${displayMoney(limitOf.verified)}`;
    throw new AppError('BUSINESS_RULE', message, { amount: message });
  }

  return {
    limitOf,

    /** The user's level, limit and use this month (GET /api/kyc, the profile). */
    async usage(db: Db, userId: string, now = new Date()): Promise<SpendingLimit> {
      const row = await db
        .selectFrom('users')
        .select('verification_level')
        .where('id', '=', userId)
        .executeTakeFirst();
      const level = row?.verification_level ?? 'unverified';
      return {
        level,
        monthlyLimitUsd: limitOf[level].format(),
        usedThisMonthUsd: (await usedOf(await outgoingThisMonth(db, userId, now))).format(),
        unverifiedLimitUsd: limitOf.unverified.format(),
        verifiedLimitUsd: limitOf.verified.format(),
      };
    },

    /** Whether `amount` (any currency) on top of this month's use stays within the user's limit. */
    async fitsMonthlyLimit(trx: Db, userId: string, amount: Money, now = new Date()): Promise<boolean> {
      return (await roomFor(await readMonthlyUse(trx, userId, now), amount)).fits;
    },

    /**
     * Refuses (422 BUSINESS_RULE, naming the limit) when `amount` (any currency) on top of this month's use
     * would go over the user's limit. Call it inside the transaction that moves the money.
     */
    async assertWithinMonthlyLimit(trx: Db, userId: string, amount: Money, now = new Date()) {
      await assertRoom(await readMonthlyUse(trx, userId, now), amount);
    },

    /** assertWithinMonthlyLimit on a use already read, locked, in this transaction (readMonthlyUse). */
    assertWithinMonthlyLimitOf: assertRoom,
  };
}
