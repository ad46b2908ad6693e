import type { Currency } from '@contract/currencies';
import { amountProblem, displayMoney, groupThousands, Money, parseAmount } from '@contract/money';

/**
 * How the web app shows money. Every figure goes through contract's `displayMoney` (the one Intl.NumberFormat
 * factory: fiat 2 decimals, JPY 0, crypto 8), from exact minor units; nothing here does arithmetic on floats.
 */

/** An amount as the wire sends it ("12450.00", "0.25000000") as money, or null if it is not one. */
export function moneyFromWire(amount: string, currency: Currency): Money | null {
  try {
    return Money.of(parseAmount(amount, currency), currency);
  } catch {
    return null;
  }
}

/** "$12,450.00", "€3,200.00", "BTC 0.25000000". A malformed wire amount is shown as sent rather than hidden. */
export function formatMoney(amount: Money | string, currency?: Currency): string {
  if (typeof amount !== 'string') return displayMoney(amount);
  const money = currency ? moneyFromWire(amount, currency) : null;
  return money ? displayMoney(money) : `${amount} ${currency ?? ''}`.trim();
}

/** With an explicit sign: "+$2,650.00", "−$54.99" (a true minus sign, read as "minus"). */
export function formatSignedMoney(money: Money, sign: '+' | '-'): string {
  const magnitude = money.isNegative() ? money.negated() : money;
  return `${sign === '+' ? '+' : '−'}${displayMoney(magnitude)}`;
}

/** Rounds a plain decimal string half-up to `decimals` places, exactly (BigInt on the digits). */
export function roundDecimal(text: string, decimals: number): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = BigInt(whole + fraction.padEnd(decimals + 1, '0').slice(0, decimals + 1));
  const rounded = ((digits + 5n) / 10n).toString().padStart(decimals + 1, '0');
  return decimals === 0 ? rounded : `${rounded.slice(0, -decimals)}.${rounded.slice(-decimals)}`;
}

/**
 * A rate for reading, not for computing: big prices to the cent (28,349.46), ordinary rates to 4 places
 * (0.9233), small ones to 4 significant digits (0.000000236368 → 0.0000002364). The wire value stays exact.
 */
export function formatRate(rate: string): string {
  if (!/^\d+(\.\d+)?$/.test(rate)) return rate;
  const [whole = '0', fraction = ''] = rate.split('.');
  const wholeValue = BigInt(whole);
  const leadingZeros = fraction.match(/^0*/)?.[0].length ?? 0;
  const decimals = wholeValue >= 100n ? 2 : wholeValue >= 1n ? 4 : Math.min(leadingZeros + 4, 18);
  const [roundedWhole = '0', roundedFraction] = roundDecimal(rate, decimals).split('.');
  const grouped = groupThousands(roundedWhole);
  return roundedFraction === undefined ? grouped : `${grouped}.${roundedFraction}`;
}

export type Trend = 'up' | 'down' | 'flat';

/** "0.58" → "+0.58%" up; "-1.20" → "−1.20%" down; "0.00" → "0.00%" flat. */
export function formatChange(change: string): { text: string; trend: Trend } {
  if (/^-/.test(change)) return { text: `−${change.slice(1)}%`, trend: 'down' };
  if (/^0*(\.0*)?$/.test(change)) return { text: `${change}%`, trend: 'flat' };
  return { text: `+${change}%`, trend: 'up' };
}

/** The field error for an amount typed with a minus sign: refused, never read as its opposite. */
export const NEGATIVE_AMOUNT = 'The amount cannot be negative';

/**
 * What an amount field keeps of what is typed or pasted: digits, points and a leading minus ("1,000" → "1000",
 * "-5" stays "-5" so that the field can say it is negative instead of quietly taking 5).
 */
export function cleanAmountInput(text: string): string {
  const kept = text.replace(/[^\d.-]/g, '');
  return (kept.startsWith('-') ? '-' : '') + kept.replace(/-/g, '');
}

/** What is wrong with an amount typed into a form (a positive decimal within the currency's scale), or null. */
export function amountInputProblem(text: string, currency: Currency): string | null {
  if (text.startsWith('-')) return NEGATIVE_AMOUNT;
  const problem = amountProblem(text, currency);
  if (problem) return problem;
  return parseAmount(text, currency) === 0n ? 'Enter an amount greater than 0' : null;
}
