import type { Currency } from '@contract/currencies';
import { daysBetween, monthsAfter } from './forecast-days';

/**
 * Card subscriptions, detected from approved card purchases (no list kept anywhere: a merchant that stops
 * charging stops being one). A merchant is a subscription on a wallet when it charged that wallet's cards
 * exactly once in each of the last three calendar months (the latest charge's month and the two before), on
 * days of the month at most three apart, and the latest charge is at most 35 days old. Once a month, not "at
 * least": a shop visited every week is not a subscription. The next charges fall on the latest charge's day
 * of the month, for its amount; one a few days overdue is expected today.
 */
export const SUBSCRIPTION_MONTHS = 3;
/** How far back the purchases are read: enough for three monthly charges, the latest up to 35 days old. */
export const SUBSCRIPTION_LOOKBACK_DAYS = 130;
const MAX_DAY_SPREAD = 3;
const MAX_AGE_DAYS = 35;

/** One merchant's approved charges on one wallet's cards in one calendar month ("2027-04"). */
export interface MonthOfCharges {
  /** The merchant, trimmed and lower case: "Figma" and "figma " are one merchant. */
  merchantKey: string;
  currency: Currency;
  month: string;
  charges: number;
  /** The time (ISO) of the month's latest charge. */
  lastAt: string;
}

/** A subscription found: its merchant and wallet, and the day of its latest charge. */
export interface SubscriptionFound {
  merchantKey: string;
  currency: Currency;
  last: string;
  /** The latest charge's time: where its amount and name are read. */
  lastAt: string;
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

export function detectSubscriptions(months: MonthOfCharges[], today: string): SubscriptionFound[] {
  const byMerchant = new Map<string, MonthOfCharges[]>();
  for (const month of months) {
    const key = `${month.currency}|${month.merchantKey}`;
    byMerchant.set(key, [...(byMerchant.get(key) ?? []), month]);
  }
  const found: SubscriptionFound[] = [];
  for (const list of byMerchant.values()) {
    const sorted = [...list].sort((a, b) => monthIndex(b.month) - monthIndex(a.month));
    const latest = sorted[0]!;
    const last = latest.lastAt.slice(0, 10);
    if (daysBetween(last, today) > MAX_AGE_DAYS) continue;
    const run = sorted.slice(0, SUBSCRIPTION_MONTHS);
    const consecutive = run.every(
      (month, index) => monthIndex(month.month) === monthIndex(latest.month) - index,
    );
    if (run.length < SUBSCRIPTION_MONTHS || !consecutive || run.some((month) => month.charges !== 1))
      continue;
    const days = run.map((month) => Number(month.lastAt.slice(8, 10)));
    if (Math.max(...days) - Math.min(...days) > MAX_DAY_SPREAD) continue;
    found.push({ merchantKey: latest.merchantKey, currency: latest.currency, last, lastAt: latest.lastAt });
  }
  return found.sort((a, b) => (a.merchantKey < b.merchantKey ? -1 : a.merchantKey > b.merchantKey ? 1 : 0));
}

/** The charges of a subscription from `today` to `to`: on the day of the month of its latest charge. */
export function nextCharges(last: string, today: string, to: string): string[] {
  const dates: string[] = [];
  for (let n = 1; ; n++) {
    const date = monthsAfter(last, n);
    if (date > to) return dates;
    dates.push(date < today ? today : date);
  }
}
