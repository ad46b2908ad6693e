import type {
  CreateInvoiceRequest,
  InvoiceListQuery,
  InvoiceStatus,
  UpdateInvoiceRequest,
} from '@contract/invoices';
import type { IdempotentRequest } from '../idempotency/idempotency';
import { illegalMove, ownInvoice, payUrlOf, type InvoicesDeps } from './invoice-context';
import { createInvoice, removeInvoice, updateInvoice } from './invoice-drafts';
import { cancelInvoiceCheckout, invoiceCardPaid, openInvoiceCheckout } from './invoice-card-payments';
import { quoteCardPayment } from './invoice-card-quotes';
import { markInvoicePaid, payInvoiceByLink, recordPartPayment } from './invoice-paying';
import {
  invoiceEmailPreview,
  registerInvoiceMailFailures,
  resendInvoiceEmail,
  sendInvoice,
} from './invoice-sending';
import { invoiceSummary } from './invoice-summary';
import {
  exportInvoicesCsv,
  getInvoice,
  invoicePdf,
  listInvoices,
  publicInvoice,
  publicInvoicePdf,
  registerInvoiceAttachments,
} from './invoice-views';

export type InvoicesService = ReturnType<typeof createInvoicesService>;

/**
 * Invoices: drafts the freelancer edits (invoice-drafts.ts), sent to the client with a PDF and a pay link
 * (invoice-sending.ts), paid through that link or marked paid by hand (invoice-paying.ts), overdue when the
 * scheduler finds them past due (invoice-overdue.ts). Payments move money through the ledger
 * (invoice-payment.ts); everything else is bookkeeping on the invoice itself. What the module needs of users
 * and wallets goes through invoice-owners.ts.
 */
export function createInvoicesService(deps: InvoicesDeps) {
  return {
    payUrl: (token: string) => payUrlOf(deps.mailer, token),
    list: (userId: string, query: InvoiceListQuery) => listInvoices(deps, userId, query),
    get: (userId: string, id: string) => getInvoice(deps, userId, id),
    create: (userId: string, parsed: CreateInvoiceRequest) => createInvoice(deps, userId, parsed),
    update: (userId: string, id: string, body: UpdateInvoiceRequest) => updateInvoice(deps, userId, id, body),

    /** The sketch's status call: draft → sent sends it, → paid records the rest as paid; else 409. */
    async setStatus(userId: string, id: string, status: InvoiceStatus) {
      if (status === 'sent') return sendInvoice(deps, userId, id);
      if (status === 'paid') return markInvoicePaid(deps, userId, id);
      throw illegalMove(await ownInvoice(deps.db, userId, id), status);
    },

    /** A payment received some other way, of any amount the payment rules allow (Idempotency-Key). */
    recordPayment: (request: IdempotentRequest, id: string, body: { amount: string }) =>
      recordPartPayment(deps, request, id, body),

    remove: (userId: string, id: string) => removeInvoice(deps, userId, id),
    summary: (userId: string) => invoiceSummary(deps, userId),
    emailPreview: (userId: string, id: string) => invoiceEmailPreview(deps, userId, id),
    /** Queues the invoice's failed email again ("Send again"). */
    resendEmail: (userId: string, id: string) => resendInvoiceEmail(deps, userId, id),
    pdf: (userId: string, id: string) => invoicePdf(deps, userId, id),
    exportCsv: (userId: string, query?: InvoiceListQuery) => exportInvoicesCsv(deps, userId, query),

    // The pay link, for anyone holding it (no session).
    publicInvoice: (token: string) => publicInvoice(deps, deps.db, token),
    publicPdf: (token: string) => publicInvoicePdf(deps, token),
    payByLink: (
      token: string,
      request: Omit<IdempotentRequest, 'userId'>,
      payerId?: string,
      amount?: string,
    ) => payInvoiceByLink(deps, token, request, payerId, amount),
    cardCheckout: (
      token: string,
      request: { key: string; quoteId?: string | undefined; amount?: string | undefined },
      payerId?: string,
    ) => openInvoiceCheckout(deps, token, request, payerId),
    cardQuote: (token: string, amount?: string) => quoteCardPayment(deps, token, amount),
    cancelCardCheckout: (token: string, checkoutId: string) => cancelInvoiceCheckout(deps, token, checkoutId),
    /** For the payments module: what a paid card checkout for an invoice does. */
    cardPaid: invoiceCardPaid(deps),

    /**
     * For the mailer: the PDF attached to an invoice's email, as the invoice stands when it goes out, and
     * where a failed invoice email's notice sends its owner.
     */
    registerMail: () => {
      registerInvoiceAttachments(deps);
      registerInvoiceMailFailures(deps.mailer);
    },
  };
}
