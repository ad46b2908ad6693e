import { invoiceCsvColumns, type Invoice } from '@contract/invoices';
import { csvLine } from '../transactions/transactions-csv';

const NUMBER_COLUMNS = new Set(
  [
    'amount',
    'tax rate',
    'tax',
    'total',
    'issue rate',
    'home total at issue',
    'paid rate',
    'home total at payment',
    'fx gain/loss',
    'paid',
    'outstanding',
    'realised fx',
  ].map((name) => invoiceCsvColumns.indexOf(name as (typeof invoiceCsvColumns)[number])),
);

/**
 * Every invoice for the accountant, one line each, with its home-currency stamps, FX gain or loss, what has
 * been paid and is outstanding, and the FX realised on its payments. A
 * freelancer's invoices number in the hundreds, so the file is built whole (the history export streams).
 */
export function invoicesCsv(invoices: Invoice[]): string {
  return [
    csvLine([...invoiceCsvColumns]),
    ...invoices.map((invoice) =>
      csvLine(
        [
          invoice.invoiceNumber,
          invoice.status,
          invoice.clientName,
          invoice.clientEmail,
          invoice.projectTitle,
          invoice.issueDate,
          invoice.dueDate,
          invoice.currency,
          invoice.amount,
          invoice.taxRate,
          invoice.taxAmount,
          invoice.totalAmount,
          invoice.sentAt,
          invoice.paidAt,
          invoice.home.currency,
          invoice.home.issueRate,
          invoice.home.issueAmount,
          invoice.home.paidRate,
          invoice.home.paidAmount,
          invoice.home.fxGainLoss,
          invoice.balance.paidAmount,
          invoice.balance.outstandingAmount,
          invoice.home.realisedFx,
        ],
        NUMBER_COLUMNS,
      ),
    ),
  ].join('');
}
