import { Money, parseAmount } from '@contract/money';
import { formatChange, formatSignedMoney, type Trend } from '@web/lib/money';

export interface SignedFigure {
  text: string;
  trend: Trend;
}

/**
 * A USD P&L from the wire ("-12.50", "285.12", "0.00") with its sign: "+$285.12" up (green), "−$12.50" down
 * (red), "$0.00" flat. A malformed figure is shown as sent, flat.
 */
export function formatProfitLoss(amount: string): SignedFigure {
  const negative = amount.startsWith('-');
  let magnitude: Money;
  try {
    magnitude = Money.of(parseAmount(negative ? amount.slice(1) : amount, 'USD'), 'USD');
  } catch {
    return { text: amount, trend: 'flat' };
  }
  if (magnitude.isZero()) return { text: formatSignedMoney(magnitude, '+').slice(1), trend: 'flat' };
  return negative
    ? { text: formatSignedMoney(magnitude, '-'), trend: 'down' }
    : { text: formatSignedMoney(magnitude, '+'), trend: 'up' };
}

/** P&L as a percentage ("4.20" → "+4.20%"); null (nothing invested) reads "—". */
export function formatProfitLossPercent(percent: string | null): SignedFigure {
  return percent === null ? { text: '—', trend: 'flat' } : formatChange(percent);
}

/** The text colour of a trend: gains green, losses red. */
export const trendClass = (trend: Trend) =>
  trend === 'up' ? 'text-success' : trend === 'down' ? 'text-destructive' : 'text-muted-foreground';
