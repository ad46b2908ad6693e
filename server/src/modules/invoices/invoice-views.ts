import type { Kysely } from 'kysely';
import type { Invoice, InvoiceListQuery, PublicInvoice } from '@contract/invoices';
import type { Database, InvoiceRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ownInvoice, payUrlOf, type InvoiceCoreDeps, type InvoicesDeps } from './invoice-context';
import { INVOICE_PDF_ATTACHMENT, senderOf } from './invoice-mail';
import { canDeleteInvoice, newestInvoiceNumbers } from './invoice-number';
import { ownerOf } from './invoice-owners';
import { renderInvoicePdf } from './invoice-pdf';
import { pdfFonts } from './pdf-fonts';
import { invoicesCsv } from './invoices-csv';
import { toInvoice, toPublicInvoice } from './invoices.mapper';
import * as repo from './invoices.repository';

type Pdf = { filename: string; content: Buffer };

/** Invoice rows as the owner sees them: with their lines, their latest email and whether they can go. */
async function present(
  deps: Pick<InvoicesDeps, 'mailer'>,
  db: Kysely<Database>,
  rows: InvoiceRow[],
): Promise<Invoice[]> {
  const ids = rows.map((row) => row.id);
  const items = await repo.itemsOf(db, ids);
  const payments = await repo.paymentsOf(db, ids);
  const emails = await repo.latestEmails(db, ids);
  const newest = await newestInvoiceNumbers(
    db,
    rows.map((row) => row.user_id),
  );
  return rows.map((row) =>
    toInvoice(
      row,
      items.filter((item) => item.invoice_id === row.id),
      payments.filter((payment) => payment.invoice_id === row.id),
      emails.get(row.id),
      (token) => payUrlOf(deps.mailer, token),
      canDeleteInvoice(row, newest),
    ),
  );
}

export const presentOne = async (deps: Pick<InvoicesDeps, 'mailer'>, db: Kysely<Database>, row: InvoiceRow) =>
  (await present(deps, db, [row]))[0]!;

export async function listInvoices(deps: InvoiceCoreDeps, userId: string, query: InvoiceListQuery) {
  return present(deps, deps.db, await repo.listInvoices(deps.db, userId, query));
}

export async function getInvoice(deps: InvoiceCoreDeps, userId: string, id: string) {
  return presentOne(deps, deps.db, await ownInvoice(deps.db, userId, id));
}

/** The invoices the list shows under the same status and search (all of them without a filter). */
export async function exportInvoicesCsv(deps: InvoiceCoreDeps, userId: string, query: InvoiceListQuery = {}) {
  return invoicesCsv(await listInvoices(deps, userId, query));
}

/** The PDF as the client receives it: a draft's has no pay link yet. */
async function pdfOf(deps: InvoiceCoreDeps, invoice: InvoiceRow): Promise<Pdf> {
  const user = await ownerOf(deps.db, invoice.user_id);
  const items = await repo.itemsOf(deps.db, [invoice.id]);
  const content = await renderInvoicePdf({
    invoice,
    items,
    from: senderOf(user),
    payUrl: invoice.status === 'draft' ? null : payUrlOf(deps.mailer, invoice.pay_token),
    fonts: pdfFonts(deps.config.PDF_CJK_FONT),
  });
  return { filename: `${invoice.number}.pdf`, content };
}

export async function invoicePdf(deps: InvoiceCoreDeps, userId: string, id: string): Promise<Pdf> {
  return pdfOf(deps, await ownInvoice(deps.db, userId, id));
}

// The pay link, for anyone holding it (no session): a draft is not sent yet, so its link opens nothing.

export async function publicInvoice(
  deps: Pick<InvoicesDeps, 'config' | 'payments'>,
  db: Kysely<Database>,
  token: string,
): Promise<PublicInvoice> {
  const invoice = await repo.findByPayToken(db, token);
  if (!invoice || invoice.status === 'draft') throw notFound('Invoice');
  const user = await ownerOf(db, invoice.user_id);
  const items = await repo.itemsOf(db, [invoice.id]);
  const payments = await repo.paymentsOf(db, [invoice.id]);
  const cards = deps.payments.takesCards;
  const held = cards ? await deps.payments.held(db, 'invoice', invoice.id, invoice.currency) : null;
  return toPublicInvoice(invoice, items, payments, senderOf(user), {
    canPayOnline: deps.config.SANDBOX && !cards,
    canPayByCard: cards,
    cardPaymentInProgress: held?.isPositive() ? held.format() : null,
  });
}

export async function publicInvoicePdf(deps: InvoiceCoreDeps, token: string): Promise<Pdf> {
  const invoice = await repo.findByPayToken(deps.db, token);
  if (!invoice || invoice.status === 'draft') throw notFound('Invoice');
  return pdfOf(deps, invoice);
}

/** For the mailer: the PDF attached to an invoice's email, as the invoice stands when it goes out. */
export function registerInvoiceAttachments(deps: InvoiceCoreDeps) {
  deps.mailer.registerAttachment(INVOICE_PDF_ATTACHMENT, async (invoiceId) => {
    const invoice = await repo.findInvoiceById(deps.db, invoiceId);
    if (!invoice) throw new Error(`Invoice ${invoiceId} is gone`);
    return { ...(await pdfOf(deps, invoice)), contentType: 'application/pdf' };
  });
}

/** The owner's invoices among `ids` (another user's are left out), in the order of `ids`. */
export async function invoicesByIds(deps: InvoiceCoreDeps, userId: string, ids: readonly string[]) {
  const rows = await repo.findInvoices(deps.db, userId, ids);
  const byId = new Map((await present(deps, deps.db, rows)).map((invoice) => [invoice.id, invoice]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
