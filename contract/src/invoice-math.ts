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
