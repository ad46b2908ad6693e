import { Money } from '@contract/money';

const DAY_MS = 86_400_000;

/**
 * Progress of a goal on `today` (UTC dates): whole percent (capped at 100), days until the target date, and
 * what is still missing spread over the months left, rounded up to the minor unit (a month is 30 days; under
 * a month left, or past the date, the whole remainder is due now).
 */
export function goalFigures(current: Money, target: Money, targetDate: string, today: Date) {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const daysLeft = Math.round((Date.parse(`${targetDate}T00:00:00Z`) - start) / DAY_MS);
  const missing = target.minor > current.minor ? target.minor - current.minor : 0n;
  const months = BigInt(Math.max(1, Math.ceil(daysLeft / 30)));
  const monthly = (missing + months - 1n) / months;
  const percent = target.minor === 0n ? 100 : Number((current.minor * 100n) / target.minor);
  return {
    progressPercent: Math.min(100, percent),
    daysLeft,
    monthlyNeeded: Money.of(monthly, target.currency),
    reached: missing === 0n,
  };
}
