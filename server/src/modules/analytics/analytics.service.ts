import type { Kysely } from 'kysely';
import type { Analytics, Cashflow } from '@contract/analytics';
import type { Currency } from '@contract/currencies';
import { formatAmount, Money, type Rate } from '@contract/money';
import { valueIn } from '@contract/pricing';
import { incomeTransactionTypes, spendingTransactionTypes } from '@contract/transactions';
import type { Database } from '../../db/schema';
import { quotedRate } from '../fx/fx-math';
import type { RateSource } from '../fx/rate-source';
import * as repo from './analytics.repository';

const DAY_MS = 86_400_000;
const CASHFLOW_MONTHS = 6;

const utcMonthStart = (at: Date, monthsBack = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - monthsBack, 1));

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/**
 * Earnings come from client payments only (receive / invoice_payment): deposits are the user's own money and
 * exchanges move it between their wallets. Everything is valued in USD at the current rate (valueIn).
 */
export function createAnalyticsService(deps: { db: Kysely<Database>; rates: RateSource; now?: () => Date }) {
  const { db, rates } = deps;
  const now = deps.now ?? (() => new Date());

  /** A USD converter for one request, so each currency's rate is fetched once and used consistently. */
  function usdValuer() {
    const cache = new Map<Currency, Rate>();
    return async (total: bigint, currency: Currency): Promise<bigint> => {
      if (currency === 'USD') return total;
      let rate = cache.get(currency);
      if (!rate) {
        rate = quotedRate((await rates.getRate(currency, 'USD')).rate);
        cache.set(currency, rate);
      }
      return valueIn(Money.of(total, currency), 'USD', rate).minor;
    };
  }

  return {
    async summary(userId: string): Promise<Analytics> {
      const at = now();
      const toUsd = usdValuer();
      const since90 = new Date(at.getTime() - 90 * DAY_MS).toISOString();
      const thisMonth = await repo.totalsByCurrency(
        db,
        userId,
        incomeTransactionTypes,
        utcMonthStart(at).toISOString(),
      );
      const recent = await repo.totalsByCurrency(db, userId, incomeTransactionTypes, since90);
      let monthly = 0n;
      for (const row of thisMonth) monthly += await toUsd(row.total, row.currency);
      let recentTotal = 0n;
      let payments = 0n;
      for (const row of recent) {
        recentTotal += await toUsd(row.total, row.currency);
        payments += BigInt(row.count);
      }
      return {
        monthlyEarnings: formatAmount(monthly, 'USD'),
        averageProject: formatAmount(payments === 0n ? 0n : recentTotal / payments, 'USD'),
        activeClients: await repo.countPayers(db, userId, incomeTransactionTypes, since90),
        currency: 'USD',
      };
    },

    /** Income vs spending for the last six UTC months, oldest first, this month last (partial). */
    async cashflow(userId: string): Promise<Cashflow> {
      const at = now();
      const toUsd = usdValuer();
      const since = utcMonthStart(at, CASHFLOW_MONTHS - 1).toISOString();
      const months = Array.from({ length: CASHFLOW_MONTHS }, (_, index) =>
        utcMonthStart(at, CASHFLOW_MONTHS - 1 - index)
          .toISOString()
          .slice(0, 7),
      );
      const buckets = new Map(months.map((month) => [month, { income: 0n, spending: 0n }]));
      const income = await repo.monthlyTotals(db, userId, incomeTransactionTypes, since);
      const spending = await repo.monthlyTotals(db, userId, spendingTransactionTypes, since, true);
      for (const row of income) {
        const bucket = buckets.get(row.month);
        if (bucket) bucket.income += await toUsd(row.total, row.currency);
      }
      for (const row of spending) {
        const bucket = buckets.get(row.month);
        if (bucket) bucket.spending += await toUsd(row.total, row.currency);
      }
      return months.map((month) => ({
        month,
        income: formatAmount(buckets.get(month)!.income, 'USD'),
        spending: formatAmount(buckets.get(month)!.spending, 'USD'),
      }));
    },
  };
}
