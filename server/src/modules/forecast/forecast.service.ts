import type { Kysely } from 'kysely';
import type { Currency } from '@contract/currencies';
import type { Forecast, ForecastFloorBody } from '@contract/forecast';
import type { SavingsGoal } from '@contract/goals';
import { formatAmount, type Rate } from '@contract/money';
import type { ScheduledPaymentDue } from '@contract/payment-schedules';
import type { TaxEstimateAnswer } from '@contract/tax';
import type { Database } from '../../db/schema';
import { parseRequestAmount } from '../../lib/amount';
import { notFound } from '../../lib/errors';
import { quotedRate } from '../fx/fx-math';
import type { RateSource } from '../fx/rate-source';
import { findUser } from '../user/users';
import { dayOf, daysBetween, windowDays } from './forecast-days';
import {
  invoiceItem,
  recurringItems,
  scheduledItems,
  subscriptionItems,
  taxItem,
  type Lateness,
  type SetAsides,
} from './forecast-items';
import { layOut } from './forecast-layout';
import type { Planned } from './forecast-plan';
import * as repo from './forecast.repository';
import { detectSubscriptions, SUBSCRIPTION_LOOKBACK_DAYS } from './subscriptions';

/** The scheduled payments module's face: the runs expected from `from` to `to` (inclusive UTC days). */
export interface ScheduledPaymentsFace {
  upcoming(userId: string, from: string, to: string): Promise<ScheduledPaymentDue[]>;
}

export interface ForecastDeps {
  db: Kysely<Database>;
  rates: RateSource;
  goals: { list(userId: string): Promise<SavingsGoal[]> };
  tax: { estimate(userId: string): Promise<TaxEstimateAnswer> };
  scheduled: ScheduledPaymentsFace;
  now?: () => Date;
}

export type ForecastService = ReturnType<typeof createForecastService>;

export function createForecastService(deps: ForecastDeps) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  return {
    /** The forecast of `days` days from today (UTC) for the user's own books. */
    async forecast(userId: string, days: number): Promise<Forecast> {
      const user = await findUser(db, userId);
      if (!user) throw notFound('User');
      const home = user.home_currency;
      const today = dayOf(now());
      const window = windowDays(today, days);
      const last = window[window.length - 1]!;

      const [wallets, floors, planned] = await Promise.all([
        repo.walletBalances(db, userId),
        repo.floorsOf(db, userId),
        plan(deps, userId, today, last),
      ]);
      const currencies = new Set<Currency>([
        ...wallets.map((wallet) => wallet.currency),
        ...planned.items.map((item) => item.currency),
      ]);
      const quotes = new Map<Currency, Rate>();
      let ratesAsOf = now().toISOString();
      for (const currency of currencies) {
        if (currency === home) continue;
        const quote = await deps.rates.getRate(currency, home);
        quotes.set(currency, quotedRate(quote.rate));
        if (quote.timestamp < ratesAsOf) ratesAsOf = quote.timestamp;
      }
      return {
        homeCurrency: home,
        from: today,
        ratesAsOf,
        ...layOut({
          home,
          days: window,
          ratesAsOf,
          balances: wallets.map((wallet) => ({ currency: wallet.currency, balance: wallet.balance ?? 0n })),
          floors: new Map(floors.map((row) => [row.currency, row.floor])),
          toHome: quotes,
          planned: planned.items,
        }),
      };
    },

    /** Sets a wallet's floor ("0.00" removes it); a currency the user holds no wallet in is a 404. */
    async setFloor(userId: string, body: ForecastFloorBody): Promise<ForecastFloorBody> {
      const wallets = await repo.walletBalances(db, userId);
      if (!wallets.some((wallet) => wallet.currency === body.currency)) throw notFound('Wallet');
      const floor = /^0+(\.0+)?$/.test(body.floor)
        ? 0n
        : parseRequestAmount(body.floor, body.currency, 'floor').minor;
      await repo.saveFloor(db, userId, body.currency, floor, now().toISOString());
      return { currency: body.currency, floor: formatAmount(floor, body.currency) };
    },
  };
}

/** Everything expected from today to `to`, from the modules that know it. */
async function plan(deps: ForecastDeps, userId: string, today: string, to: string) {
  const { db } = deps;
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - SUBSCRIPTION_LOOKBACK_DAYS * 86_400_000);
  const [invoices, recurring, charges, goals, taxAnswer, dues] = await Promise.all([
    repo.openInvoices(db, userId),
    repo.recurringInvoices(db, userId, to),
    repo.cardChargesSince(db, userId, since.toISOString()),
    deps.goals.list(userId),
    deps.tax.estimate(userId),
    deps.scheduled.upcoming(userId, today, to),
  ]);
  const clients = [...new Set([...invoices, ...recurring].map((row) => row.client_key))];
  const records = latenessByClient(await repo.paidInvoicesOf(db, userId, clients));
  const setAsides: SetAsides = new Map();
  for (const goal of goals) {
    if (goal.setAsidePercent === null || goal.setAsidePercent === undefined) continue;
    setAsides.set(goal.currency, [...(setAsides.get(goal.currency) ?? []), goal.setAsidePercent]);
  }

  const items: Planned[] = [];
  for (const invoice of invoices) {
    items.push(invoiceItem(invoice, records.get(invoice.client_key), setAsides, today));
  }
  for (const schedule of recurring) {
    const row = {
      ...schedule,
      payment_terms_days: Number(schedule.payment_terms_days),
      end_count: schedule.end_count === null ? null : Number(schedule.end_count),
      next_index: Number(schedule.next_index),
    };
    items.push(...recurringItems(row, records.get(schedule.client_key), setAsides, today, to));
  }
  for (const due of dues) {
    const rate =
      due.kind === 'conversion'
        ? quotedRate((await deps.rates.getRate(due.fromCurrency, due.toCurrency)).rate)
        : null;
    items.push(...scheduledItems(due, rate, today));
  }
  for (const subscription of detectSubscriptions(charges, today)) {
    items.push(...subscriptionItems(subscription, today, to));
  }
  const tax = taxAnswer.estimate ? taxItem(taxAnswer.estimate) : null;
  if (tax && tax.date >= today && tax.date <= to) items.push(tax);
  return { items };
}

/** Each client's average lateness (paid day − due day), over their paid invoices. */
function latenessByClient(rows: { client_key: string; due_date: string; paid_at: string | null }[]) {
  const sums = new Map<string, { days: number; count: number }>();
  for (const row of rows) {
    if (!row.paid_at) continue;
    const sum = sums.get(row.client_key) ?? { days: 0, count: 0 };
    sum.days += daysBetween(row.due_date, row.paid_at.slice(0, 10));
    sum.count += 1;
    sums.set(row.client_key, sum);
  }
  const records = new Map<string, Lateness>();
  for (const [client, sum] of sums) records.set(client, { averageDays: sum.days / sum.count });
  return records;
}
