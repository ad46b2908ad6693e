import type { Invoice, InvoiceItemInput } from '@contract/invoices';
import type { InvoiceRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { invoiceFigures, type InvoiceFigures } from './invoice-figures';

/** An invoice request's figures (invoice-figures.ts) checked against what it claims, and as table rows. */

type Lines = { items?: InvoiceItemInput[] | undefined; amount?: string | undefined };

/** The lines a request describes: its items, or the sketch's one amount as a single line. */
const itemsOf = (body: Lines, title: string) =>
  body.items ?? [{ description: title, quantity: '1', unitPrice: body.amount! }];

export function figuresOf(
  currency: InvoiceRow['currency'],
  body: Lines,
  title: string,
  taxRate: string,
): InvoiceFigures {
  const figures = invoiceFigures(currency as Invoice['currency'], itemsOf(body, title), taxRate);
  if (body.items && body.amount !== undefined && body.amount !== figures.amount.format()) {
    const message = `The lines add up to ${figures.amount.format()}, not ${body.amount}`;
    throw new AppError('BUSINESS_RULE', message, { amount: message });
  }
  return figures;
}

/** The rows of an invoice's lines, in order. */
export const itemRows = (invoiceId: string, figures: InvoiceFigures) =>
  figures.lines.map((line, position) => ({
    id: newId(),
    invoice_id: invoiceId,
    position,
    description: line.description,
    quantity: line.quantity,
    unit_price: line.unitPrice.minor,
    amount: line.amount.minor,
  }));

export const figureColumns = (figures: InvoiceFigures) => ({
  amount: figures.amount.minor,
  tax_amount: figures.taxAmount.minor,
  total_amount: figures.totalAmount.minor,
});
