import { isCurrency, type Currency } from './currencies';
import { amountProblem, overCeilingMessage, parseAmount, withinCeiling } from './money';

/**
 * The arithmetic of an invoice, in minor units, shared by the server (which charges it) and the web app
 * (which previews it), so the two can never disagree by a cent.
 * - a line = quantity × unit price, rounded half up to the minor unit;
 * - tax = the sum of the lines × rate %, rounded half up.
 */

/** "1.5" → 150n: a quantity or a percentage in hundredths (the schemas allow at most 2 decimals). */
export function hundredths(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/** a × b / divisor, rounded half up (all non-negative). */
const mulDivHalfUp = (a: bigint, b: bigint, divisor: bigint) => (a * b * 2n + divisor) / (divisor * 2n);

export const lineAmountMinor = (quantity: string, unitPriceMinor: bigint) =>
  mulDivHalfUp(hundredths(quantity), unitPriceMinor, 100n);

export const taxMinor = (amountMinor: bigint, taxRate: string) =>
  mulDivHalfUp(amountMinor, hundredths(taxRate), 10_000n);

/** Where an invoice passes its currency's ceiling, as a zod issue path ("items", 0, "quantity") and a message. */
export interface CeilingIssue {
  path: (string | number)[];
  message: string;
}

const QUANTITY = /^\d{1,7}(\.\d{1,2})?$/;
const TAX_RATE = /^\d{1,3}(\.\d{1,2})?$/;

/**
 * The ceiling (currencies.ts) applied to an invoice, with the arithmetic above: each unit price, each line
 * (quantity × unit price) and the total (lines + tax) is at most the ceiling of the invoice's currency, so a
 * paid invoice can never credit more than one amount may be. A quantity or tax rate that is not valid yet is
 * left to its own check.
 */
export function invoiceCeilingIssues(
  currency: Currency,
  lines: readonly { quantity: string; unitPrice: string }[],
  taxRate: string,
): CeilingIssue[] {
  const issues: CeilingIssue[] = [];
  // Called from a schema's refinement too, where any field may still be of the wrong type.
  if (!isCurrency(currency) || !Array.isArray(lines)) return issues;
  let amount = 0n;
  lines.forEach((line, index) => {
    if (typeof line?.unitPrice !== 'string' || typeof line.quantity !== 'string') return;
    const priceProblem = amountProblem(line.unitPrice, currency);
    if (priceProblem) {
      issues.push({ path: ['items', index, 'unitPrice'], message: priceProblem });
      return;
    }
    if (!QUANTITY.test(line.quantity)) return;
    const lineMinor = lineAmountMinor(line.quantity, parseAmount(line.unitPrice, currency));
    if (!withinCeiling(lineMinor, currency)) {
      issues.push({ path: ['items', index, 'quantity'], message: overCeilingMessage(currency, 'A line') });
    }
    amount += lineMinor;
  });
  const total =
    amount + taxMinor(amount, typeof taxRate === 'string' && TAX_RATE.test(taxRate) ? taxRate : '0');
  if (issues.length === 0 && !withinCeiling(total, currency)) {
    issues.push({ path: ['items'], message: overCeilingMessage(currency, 'The total with tax') });
  }
  return issues;
}
