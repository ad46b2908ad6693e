import { Money, parseAmount } from '@contract/money';
import type { InvoiceCurrency, InvoiceItemInput } from '@contract/invoices';
import { hundredths, invoiceCeilingIssues, lineAmountMinor, taxMinor } from '@contract/invoice-math';
import { AppError, invalidFields } from '../../lib/errors';

export interface InvoiceLine {
  description: string;
  /** As typed, up to 2 decimals ("1.5"). */
  quantity: string;
  unitPrice: Money;
  amount: Money;
}

export interface InvoiceFigures {
  lines: InvoiceLine[];
  amount: Money;
  taxAmount: Money;
  totalAmount: Money;
}

/**
 * The invoice's money, worked out once and only here. A line is quantity × unit price rounded half up to the
 * minor unit; the amount is the sum of the lines; tax is amount × rate% rounded half up; the total is amount
 * plus tax. So the lines always sum to `amount` exactly, and `total = amount + tax` (the database checks it).
 */
export function invoiceFigures(
  currency: InvoiceCurrency,
  items: readonly InvoiceItemInput[],
  taxRate: string,
): InvoiceFigures {
  assertWithinCeiling(currency, items, taxRate);
  const lines = items.map((item, index) => {
    const unitPrice = Money.of(parseLinePrice(item.unitPrice, currency, index), currency);
    const amount = Money.of(lineAmountMinor(item.quantity, unitPrice.minor), currency);
    return { description: item.description, quantity: item.quantity, unitPrice, amount };
  });
  const amount = lines.reduce((sum, line) => sum.plus(line.amount), Money.zero(currency));
  if (!amount.isPositive()) {
    throw new AppError('VALIDATION_FAILED', 'The invoice total must be more than 0', {
      amount: 'Must be more than 0',
    });
  }
  const taxAmount = Money.of(taxMinor(amount.minor, taxRate), currency);
  return { lines, amount, taxAmount, totalAmount: amount.plus(taxAmount) };
}

/** A line or a total past the currency's ceiling is a 400 naming the field (an edit may change the currency). */
function assertWithinCeiling(currency: InvoiceCurrency, items: readonly InvoiceItemInput[], taxRate: string) {
  const issues = invoiceCeilingIssues(currency, items, taxRate);
  if (issues.length === 0) return;
  const fields = Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
  throw invalidFields(fields);
}

function parseLinePrice(text: string, currency: InvoiceCurrency, index: number): bigint {
  try {
    return parseAmount(text, currency);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Not a valid amount';
    throw new AppError('VALIDATION_FAILED', `items.${index}.unitPrice: ${message}`, {
      [`items.${index}.unitPrice`]: message,
    });
  }
}

/** "8.5" → "8.5", "8.50" → "8.5", "008" → "8": the rate as people write it. */
export function normalizePercent(text: string): string {
  const value = hundredths(text);
  const whole = value / 100n;
  const fraction = (value % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}
