import type { Currency } from '@contract/currencies';
import { daysBetween, monthsAfter } from './forecast-days';

/**
 * Card subscriptions, detected from approved card purchases (no list kept anywhere: a merchant that stops
 * charging stops being one). A merchant is a subscription on a wallet when it charged that wallet's cards
 * exactly once in each of the last three calendar months it charged (consecutive months), on days of the month
 * at most three apart, and the latest charge is at most 35 days old. Once a month, not "at least": a shop
 * visited every week is not a subscription. The next charges fall on the latest charge's day of the month,
 * for its amount; one a few days overdue is expected today.
 */
export const SUBSCRIPTION_MONTHS = 3;
/** How far back the purchases are read: enough for three monthly charges, the latest up to 35 days old. */
export const SUBSCRIPTION_LOOKBACK_DAYS = 130;
const MAX_DAY_SPREAD = 3;
const MAX_AGE_DAYS = 35;

export interface CardCharge {
  merchant: string;
  currency: Currency;
  /** What left the wallet, in minor units of `currency`. */
  amount: bigint;
  /** The purchase's time (ISO). */
  at: string;
}

export interface Subscription {
  merchant: string;
  currency: Currency;
  amount: bigint;
  /** The latest charge's day. */
  last: string;
}

const keyOf = (charge: CardCharge) => `${charge.currency}|${charge.merchant.trim().toLowerCase()}`;

function monthIndex(day: string) {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}

export function detectSubscriptions(charges: CardCharge[], today: string): Subscription[] {
  const byMerchant = new Map<string, CardCharge[]>();
  for (const charge of charges) {
    const list = byMerchant.get(keyOf(charge)) ?? [];
    list.push(charge);
    byMerchant.set(keyOf(charge), list);
  }
  const found: Subscription[] = [];
  for (const list of byMerchant.values()) {
    const sorted = [...list].sort((a, b) => (a.at < b.at ? 1 : -1));
    const latest = sorted[0]!;
    const last = latest.at.slice(0, 10);
    if (daysBetween(last, today) > MAX_AGE_DAYS) continue;
    const latestMonth = monthIndex(last);
    const recent = sorted.filter((charge) => monthIndex(charge.at) > latestMonth - SUBSCRIPTION_MONTHS);
    const months = new Set(recent.map((charge) => monthIndex(charge.at)));
    if (recent.length !== SUBSCRIPTION_MONTHS || months.size !== SUBSCRIPTION_MONTHS) continue;
    const days = recent.map((charge) => Number(charge.at.slice(8, 10)));
    if (Math.max(...days) - Math.min(...days) > MAX_DAY_SPREAD) continue;
    found.push({ merchant: latest.merchant.trim(), currency: latest.currency, amount: latest.amount, last });
  }
  return found.sort((a, b) => (a.merchant < b.merchant ? -1 : a.merchant > b.merchant ? 1 : 0));
}

/** The charges of a subscription from `today` to `to`: the day of the month of its latest charge. */
export function nextCharges(subscription: Subscription, today: string, to: string): string[] {
  const dates: string[] = [];
  for (let n = 1; ; n++) {
    const date = monthsAfter(subscription.last, n);
    if (date > to) return dates;
    dates.push(date < today ? today : date);
  }
}
