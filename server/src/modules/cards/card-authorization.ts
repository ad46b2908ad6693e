import type { DeclineReason, PurchaseBody } from '@contract/cards';
import type { CardRow } from '../../db/schema';
import { controlsOf, type CardSpending } from './cards.mapper';

/**
 * The rules a card payment must pass, in the order a holder would expect to be told: the card's state, then
 * its controls, then its limits (rolling windows, in the card's currency, counting approved payments only).
 * Funds come last and are checked by the caller against the locked wallet. `cost` is the payment in the
 * card's currency. Returns the first reason to decline, or null.
 */
export function declineReasonFor(
  card: CardRow,
  purchase: Pick<PurchaseBody, 'category' | 'channel' | 'country'>,
  cost: bigint,
  spent: CardSpending,
): DeclineReason | null {
  if (card.status !== 'active') return 'card_inactive';
  const controls = controlsOf(card);
  if (purchase.channel === 'online' && !controls.online) return 'online_disabled';
  if (purchase.channel === 'contactless' && !controls.contactless) return 'contactless_disabled';
  if (purchase.channel === 'atm' && !controls.atm) return 'atm_disabled';
  if (purchase.country !== card.home_country && !controls.international) return 'international_disabled';
  if (controls.blockedCategories.includes(purchase.category)) return 'category_blocked';
  const over = (limit: bigint | null, already: bigint) => limit !== null && already + cost > BigInt(limit);
  if (over(card.limit_per_payment, 0n)) return 'per_payment_limit';
  if (over(card.limit_daily, spent.daily)) return 'daily_limit';
  if (over(card.limit_monthly, spent.monthly)) return 'monthly_limit';
  if (purchase.channel === 'atm' && over(card.limit_atm, spent.atm)) return 'atm_limit';
  return null;
}

const DAY_MS = 86_400_000;

/** Where each rolling window starts: the last 24 hours (daily, ATM) and the last 30 days (monthly). */
export function windowStarts(now: Date) {
  return {
    day: new Date(now.getTime() - DAY_MS).toISOString(),
    month: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
  };
}
