import { isCurrency, type Currency } from './currencies';
import { amountProblem, formatAmount, overCeilingMessage, parseAmount, withinCeiling } from './money';

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

/** `percent` % of `minor` ("30" of 1,000.00 → 300.00), rounded half up as tax is: a deposit given as a share. */
export const percentOfMinor = (minor: bigint, percent: string) =>
  mulDivHalfUp(minor, hundredths(percent), 10_000n);

/**
 * An invoice's total from its lines and tax rate (null while any of them is not valid yet): what a deposit or
 * a minimum part payment is checked against before the server has the invoice.
 */
export function invoiceTotalMinor(
  currency: Currency,
  lines: readonly { quantity: string; unitPrice: string }[],
  taxRate: string,
): bigint | null {
  if (!isCurrency(currency) || !Array.isArray(lines) || !TAX_RATE.test(taxRate)) return null;
  let amount = 0n;
  for (const line of lines) {
    if (typeof line?.unitPrice !== 'string' || !QUANTITY.test(line.quantity ?? '')) return null;
    if (amountProblem(line.unitPrice, currency)) return null;
    amount += lineAmountMinor(line.quantity, parseAmount(line.unitPrice, currency));
  }
  return amount + taxMinor(amount, taxRate);
}

/** An invoice's payment terms and what has come in so far, in minor units of its currency. */
export interface PaymentTerms {
  total: bigint;
  /** Asked before the rest; 0 for none. */
  deposit: bigint;
  /** The least part payment the owner accepts; 0 for any amount. */
  minimum: bigint;
  /** The sum of the payments recorded. */
  paid: bigint;
}

/** What can be paid now, in minor units. */
export interface PayableNow {
  /** total − paid. */
  outstanding: bigint;
  /** What is left of the deposit (0 once paid, or without one). */
  depositDue: bigint;
  /** What the pay link asks by default: the deposit while it is due, then the whole balance. */
  dueNow: bigint;
  /** The least one payment may be now; `outstanding` is the most. */
  least: bigint;
}

/**
 * The one rule of what a client may pay now, for the pay page (which offers it) and the server (which
 * enforces it). A deposit comes first: while any of it is due, a payment is at least what is left of it (the
 * minimum does not apply to the deposit itself). After that, a part payment is at least the owner's minimum, or exactly the whole outstanding when less is left
 * than the minimum. Never more than outstanding: an invoice is never paid beyond its total.
 */
export function payableNow(terms: PaymentTerms): PayableNow {
  const outstanding = terms.total > terms.paid ? terms.total - terms.paid : 0n;
  const depositDue = terms.deposit > terms.paid ? terms.deposit - terms.paid : 0n;
  const dueNow = depositDue > 0n ? (depositDue < outstanding ? depositDue : outstanding) : outstanding;
  // While a deposit is due, the deposit is the floor (the owner asked exactly that, whatever the minimum).
  const floor = depositDue > 0n ? depositDue : terms.minimum > 1n ? terms.minimum : 1n;
  return { outstanding, depositDue, dueNow, least: floor < outstanding ? floor : outstanding };
}

/** Why `amount` cannot be paid now (null when it can): the same words on the pay page and in the 422. */
export function paymentProblem(terms: PaymentTerms, amount: bigint, currency: Currency): string | null {
  const now = payableNow(terms);
  const money = (minor: bigint) => formatAmount(minor, currency);
  if (now.outstanding === 0n) return 'Nothing is left to pay on this invoice';
  if (amount > now.outstanding) {
    return `That is more than is due: at most ${money(now.outstanding)} ${currency} is left to pay`;
  }
  if (amount < now.least) {
    if (now.least === now.outstanding) return `Pay the whole ${money(now.outstanding)} ${currency} left`;
    return now.depositDue > 0n
      ? `The deposit comes first: pay at least ${money(now.least)} ${currency}`
      : `Pay at least ${money(now.least)} ${currency}`;
  }
  return null;
}

/**
 * Realised FX gain (positive) or loss (negative) of an invoice's payments, in the home currency's minor units:
 * what the payments were worth each at its own rate, less the share of the value stamped when the invoice was
 * sent that they paid (issued × paid / total, rounded half up like every other share here).
 */
export function realisedFxMinor(
  paymentsHome: bigint,
  issuedHome: bigint,
  paid: bigint,
  total: bigint,
): bigint {
  return paymentsHome - paidShareMinor(issuedHome, paid, total);
}

/** The share of `issuedHome` that `paid` of `total` stands for, rounded half up (0 for a total of 0). */
export const paidShareMinor = (issuedHome: bigint, paid: bigint, total: bigint) =>
  total <= 0n ? 0n : mulDivHalfUp(issuedHome, paid, total);
