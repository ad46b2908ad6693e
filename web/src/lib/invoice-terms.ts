import { paymentProblem, type PaymentTerms } from '@contract/invoice-math';
import type { InvoiceBalance, InvoiceCurrency } from '@contract/invoices';
import { parseAmount } from '@contract/money';
import { amountInputProblem } from './money';

/** An invoice's payment terms as the contract's rule takes them, from the figures the API sends. */
export function paymentTermsOf(invoice: {
  currency: InvoiceCurrency;
  totalAmount: string;
  balance: InvoiceBalance;
}): PaymentTerms {
  const minor = (amount: string) => parseAmount(amount, invoice.currency);
  return {
    total: minor(invoice.totalAmount),
    deposit: minor(invoice.balance.depositAmount),
    minimum: minor(invoice.balance.minimumPayment),
    paid: minor(invoice.balance.paidAmount),
  };
}

/** What is wrong with a payment amount typed for this invoice (the server's own rule), or null. */
export function paymentInputProblem(
  text: string,
  invoice: { currency: InvoiceCurrency; totalAmount: string; balance: InvoiceBalance },
): string | null {
  if (!text.trim()) return 'Enter an amount';
  const problem = amountInputProblem(text.trim(), invoice.currency);
  if (problem) return problem;
  return paymentProblem(
    paymentTermsOf(invoice),
    parseAmount(text.trim(), invoice.currency),
    invoice.currency,
  );
}
