import { payableNow, paymentProblem, type PaymentTerms } from '@contract/invoice-math';
import { displayMoney, Money, parseAmount } from '@contract/money';
import type { InvoiceRow } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** What a payment of an invoice may be: the contract's rule (invoice-math.ts) applied to an invoice row. */

const OPEN = new Set<InvoiceRow['status']>(['sent', 'partially_paid', 'overdue']);

/** An invoice's payment terms and what it has been paid, as the contract's payment rules take them. */
export const termsOf = (invoice: InvoiceRow): PaymentTerms => ({
  total: BigInt(invoice.total_amount),
  deposit: BigInt(invoice.deposit_amount),
  minimum: BigInt(invoice.min_payment),
  paid: BigInt(invoice.paid_amount),
});

/** The amount a payment asks for, in the invoice's currency; without one, what is due now (deposit or rest). */
export function paymentAmountOf(invoice: InvoiceRow, asked: string | undefined): Money {
  let minor: bigint;
  try {
    minor = asked === undefined ? payableNow(termsOf(invoice)).dueNow : parseAmount(asked, invoice.currency);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Not a valid amount';
    throw new AppError('VALIDATION_FAILED', message, { amount: message });
  }
  return Money.of(minor, invoice.currency);
}

/**
 * That the invoice takes this payment now: open (409 otherwise) and an amount the contract's paymentProblem
 * allows (422: more than outstanding, less than the deposit or minimum).
 */
export function assertPayable(invoice: InvoiceRow, amount: Money) {
  if (!OPEN.has(invoice.status)) throw notOpen(invoice);
  if (amount.currency !== invoice.currency) {
    throw new AppError('BUSINESS_RULE', `Invoice ${invoice.number} is paid in ${invoice.currency}`);
  }
  const problem = paymentProblem(termsOf(invoice), amount.minor, invoice.currency);
  if (problem) throw new AppError('BUSINESS_RULE', problem, { amount: problem });
}

/** Whether an invoice still takes payments. */
export const isOpenForPayment = (invoice: InvoiceRow) => OPEN.has(invoice.status);

export const notOpen = (invoice: InvoiceRow) =>
  invoice.status === 'paid'
    ? new AppError('CONFLICT', `Invoice ${invoice.number} is already paid`)
    : new AppError('CONFLICT', `Invoice ${invoice.number} has not been sent, so it cannot be paid yet`);

/**
 * That a card payment of `amount` fits beside what the invoice's open card checkouts hold (`held`): together
 * they never collect more than is outstanding (409 otherwise, saying what is in progress). `invoice` is read
 * locked, so two checkouts opened at once are admitted one after the other.
 */
export function assertFitsBesideHeld(invoice: InvoiceRow, amount: Money, held: Money) {
  assertPayable(invoice, amount);
  if (!held.isPositive()) return;
  const terms = { ...termsOf(invoice), paid: termsOf(invoice).paid + held.minor };
  const problem = paymentProblem(terms, amount.minor, invoice.currency);
  if (!problem) return;
  const progress = `A card payment of ${displayMoney(held)} on invoice ${invoice.number} is in progress`;
  throw new AppError(
    'CONFLICT',
    payableNow(terms).outstanding === 0n
      ? `${progress}: nothing more can be paid until it goes through or is abandoned`
      : `${progress}. ${problem}`,
  );
}
