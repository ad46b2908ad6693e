import { parseAmount } from '@contract/money';
import type { Card } from '@contract/cards';

/** "08/29": month and the year's last two digits, as printed on a card. */
export const formatExpiry = (month: number, year: number) =>
  `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;

/** "4000 0012 3456 7899": a revealed number in groups of four, as printed. */
export const groupDigits = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

export const statusLabel: Record<Card['status'], string> = {
  active: 'Active',
  inactive: 'Frozen',
  ordered: 'Ordered',
  shipped: 'Shipped',
};

/** How much of `limit` `spent` uses, 0–100 whole percent (exact: minor units, no floats); null without a limit. */
export function usedPercent(spent: string, limit: string | null, currency: Card['currency']): number | null {
  if (limit === null) return null;
  const cap = parseAmount(limit, currency);
  if (cap <= 0n) return 100;
  const used = (parseAmount(spent, currency) * 100n) / cap;
  return Number(used > 100n ? 100n : used);
}
