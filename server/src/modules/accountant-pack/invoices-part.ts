import type { InvoicesFace } from '../invoices/invoices';
import type { IssuedInvoice } from '../invoices/invoices';
import type { PackPart } from './pack-part';

/** Invoices looked up per round trip; their PDFs are still made one at a time, as the ZIP takes each. */
const PAGE = 50;

/**
 * invoices/<number>.pdf: every invoice issued in the period or paid (in full or in part) in it, as its client
 * received it, oldest issue first. One PDF is rendered only once the previous one is in the ZIP.
 */
export function invoicesPart(invoices: Pick<InvoicesFace, 'issuedOrPaidIn' | 'pdf'>): PackPart {
  return {
    summary: 'invoices/: the PDF of every invoice issued during the period or with a payment received in it.',
    async *entries({ userId, period }) {
      let after: IssuedInvoice | null = null;
      for (;;) {
        const page = await invoices.issuedOrPaidIn(userId, period, after, PAGE);
        for (const invoice of page) {
          const pdf = await invoices.pdf(userId, invoice.id);
          yield {
            path: `invoices/${pdf.filename}`,
            description: `Invoice ${pdf.filename.replace(/\.pdf$/, '')}, issued ${invoice.issueDate}`,
            content: pdf.content,
          };
        }
        after = page.at(-1) ?? null;
        if (page.length < PAGE || !after) return;
      }
    },
  };
}
