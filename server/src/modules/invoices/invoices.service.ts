import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Money } from '@contract/money';
import type {
  CreateInvoiceRequest,
  Invoice,
  InvoiceItemInput,
  InvoiceListQuery,
  InvoiceStatus,
  InvoiceSummary,
  InvoiceEmailPreview,
  PublicInvoice,
  UpdateInvoiceRequest,
} from '@contract/invoices';
import { invoiceStatusMoves } from '@contract/invoices';
import type { Config } from '../../config/env';
import type { Database, InvoiceRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { RateSource } from '../fx/rate-source';
import { runIdempotent, type IdempotentRequest } from '../idempotency/idempotency';
import type { Mailer } from '../mail/mailer';
import { withMoneyTransaction } from '../ledger/money-transaction';
import type { Notifier } from '../notifications/notifier';
import { findUserById } from '../user/user.repository';
import { stampInHomeCurrency } from './home-stamp';
import { invoiceFigures, normalizePercent, type InvoiceFigures } from './invoice-figures';
import { INVOICE_PDF_ATTACHMENT, invoiceMessage, senderOf } from './invoice-mail';
import {
  canDeleteInvoice,
  formatInvoiceNumber,
  giveBackInvoiceNumber,
  newestInvoiceNumbers,
  takeInvoiceNumber,
} from './invoice-number';
import { recordInvoicePayment } from './invoice-payment';
import { renderInvoicePdf } from './invoice-pdf';
import { invoicesCsv } from './invoices-csv';
import { toInvoice, toPublicInvoice } from './invoices.mapper';
import * as repo from './invoices.repository';

export interface InvoicesDeps {
  db: Kysely<Database>;
  config: Config;
  rates: RateSource;
  mailer: Mailer;
  notifier: Notifier;
}

const today = () => new Date().toISOString().slice(0, 10);
/** 128 random bits: the pay link cannot be guessed, and it opens only this one invoice. */
const newPayToken = () => randomBytes(16).toString('base64url');

function assertDueDateAhead(dueDate: string) {
  if (dueDate < today()) {
    throw new AppError('VALIDATION_FAILED', 'The due date cannot be in the past', {
      dueDate: 'Cannot be in the past',
    });
  }
}

/** The lines a request describes: its items, or the sketch's one amount as a single line. */
function itemsOf(
  body: { items?: InvoiceItemInput[] | undefined; amount?: string | undefined },
  title: string,
) {
  return body.items ?? [{ description: title, quantity: '1', unitPrice: body.amount! }];
}

function figuresOf(
  currency: InvoiceRow['currency'],
  body: { items?: InvoiceItemInput[] | undefined; amount?: string | undefined },
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

const figureColumns = (figures: InvoiceFigures) => ({
  amount: figures.amount.minor,
  tax_amount: figures.taxAmount.minor,
  total_amount: figures.totalAmount.minor,
});

export type InvoicesService = ReturnType<typeof createInvoicesService>;

/**
 * Invoices: drafts the freelancer edits, sent to the client with a PDF and a pay link, paid through that link
 * (or marked paid by hand), overdue when the scheduler finds them past due (invoice-overdue.ts). Payments move
 * money through the ledger (invoice-payment.ts); everything else is bookkeeping on the invoice itself.
 */
export function createInvoicesService(deps: InvoicesDeps) {
  const { db, config, rates, mailer, notifier } = deps;
  const payUrl = (token: string) => mailer.link(`/pay/${token}`);

  async function owner(trx: Kysely<Database>, userId: string) {
    const user = await findUserById(trx, userId);
    if (!user) throw notFound('User');
    return user;
  }

  async function ownInvoice(trx: Kysely<Database>, userId: string, id: string, lock = false) {
    const invoice = await repo.findInvoice(trx, userId, id, lock);
    if (!invoice) throw notFound('Invoice');
    return invoice;
  }

  async function present(trx: Kysely<Database>, rows: InvoiceRow[]): Promise<Invoice[]> {
    const ids = rows.map((row) => row.id);
    const items = await repo.itemsOf(trx, ids);
    const emails = await repo.latestEmails(trx, ids);
    const newest = await newestInvoiceNumbers(
      trx,
      rows.map((row) => row.user_id),
    );
    return rows.map((row) =>
      toInvoice(
        row,
        items.filter((item) => item.invoice_id === row.id),
        emails.get(row.id),
        payUrl,
        canDeleteInvoice(row, newest),
      ),
    );
  }
  const presentOne = async (trx: Kysely<Database>, row: InvoiceRow) => (await present(trx, [row]))[0]!;

  /** draft → sent: stamped in the home currency, dated today, and emailed to the client with the PDF. */
  async function send(userId: string, id: string): Promise<Invoice> {
    const user = await owner(db, userId);
    const draft = await ownInvoice(db, userId, id);
    if (draft.status !== 'draft') throw illegalMove(draft, 'sent');
    if (!user.is_demo && user.email_verified_at === null) {
      throw new AppError(
        'EMAIL_NOT_VERIFIED',
        'Confirm your email address before sending invoices to clients',
      );
    }
    if (draft.due_date < today()) {
      throw new AppError('BUSINESS_RULE', 'The due date has passed: change it before sending the invoice', {
        dueDate: 'Has passed',
      });
    }
    const total = Money.of(BigInt(draft.total_amount), draft.currency);
    const stamp = await stampInHomeCurrency(rates, total, user.home_currency);
    const sent = await db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      const moved = await repo.moveStatus(trx, id, ['draft'], 'sent', {
        sent_at: at,
        issue_date: today(),
        home_currency: user.home_currency,
        issue_rate: stamp.rate,
        issue_home_amount: stamp.homeAmount,
        updated_at: at,
      });
      if (!moved) throw illegalMove({ ...draft, status: 'sent' }, 'sent');
      // A demo is play money: its invoices never email a real person. The pay link works all the same.
      if (!user.is_demo)
        await mailer.enqueue(trx, invoiceMessage(moved, senderOf(user), payUrl(moved.pay_token)));
      return presentOne(trx, moved);
    });
    mailer.kick();
    return sent;
  }

  /** sent|overdue → paid by hand: the client paid some other way. */
  async function markPaid(userId: string, id: string): Promise<Invoice> {
    const invoice = await ownInvoice(db, userId, id);
    if (invoice.status !== 'sent' && invoice.status !== 'overdue') throw illegalMove(invoice, 'paid');
    const total = Money.of(BigInt(invoice.total_amount), invoice.currency);
    const stamp = await stampInHomeCurrency(rates, total, invoice.home_currency);
    return withMoneyTransaction(db, async (trx) => {
      const locked = await ownInvoice(trx, userId, id, true);
      const paid = await recordInvoicePayment(trx, { notifier }, locked, {
        via: 'manual',
        stamp,
        // On a sandbox server the recorded payment arrives in the wallet, as the pay link's would; on a real
        // one Meridian did not receive it, so no money is made up.
        credit: config.SANDBOX,
        at: new Date().toISOString(),
      });
      return presentOne(trx, paid);
    });
  }

  return {
    payUrl,

    async list(userId: string, query: InvoiceListQuery): Promise<Invoice[]> {
      return present(db, await repo.listInvoices(db, userId, query));
    },

    async get(userId: string, id: string): Promise<Invoice> {
      return presentOne(db, await ownInvoice(db, userId, id));
    },

    async create(userId: string, parsed: CreateInvoiceRequest): Promise<Invoice> {
      assertDueDateAhead(parsed.dueDate);
      const taxRate = normalizePercent(parsed.taxRate);
      const figures = figuresOf(parsed.currency, parsed, parsed.projectTitle, taxRate);
      return db.transaction().execute(async (trx) => {
        const user = await owner(trx, userId);
        const at = new Date().toISOString();
        const year = new Date().getUTCFullYear();
        const sequence = await takeInvoiceNumber(trx, userId, year);
        const row = {
          id: newId(),
          user_id: userId,
          number: formatInvoiceNumber(year, sequence),
          year,
          sequence,
          client_name: parsed.clientName,
          client_email: parsed.clientEmail,
          client_address: parsed.clientAddress,
          project_title: parsed.projectTitle,
          description: parsed.description,
          currency: parsed.currency,
          ...figureColumns(figures),
          tax_rate: taxRate,
          issue_date: at.slice(0, 10),
          due_date: parsed.dueDate,
          notes: parsed.notes,
          status: 'draft' as const,
          pay_token: newPayToken(),
          home_currency: user.home_currency,
          issue_rate: null,
          issue_home_amount: null,
          paid_rate: null,
          paid_home_amount: null,
          paid_via: null,
          payment_entry_id: null,
          sent_at: null,
          paid_at: null,
          created_at: at,
          updated_at: at,
        };
        await repo.insertInvoice(trx, row);
        await repo.replaceItems(trx, row.id, itemRows(row.id, figures));
        return presentOne(trx, { ...row, reminders_sent: 0 });
      });
    },

    /** Only a draft changes; its figures are worked out again from what the request and the draft say. */
    async update(userId: string, id: string, body: UpdateInvoiceRequest): Promise<Invoice> {
      if (body.dueDate !== undefined) assertDueDateAhead(body.dueDate);
      return db.transaction().execute(async (trx) => {
        const draft = await ownInvoice(trx, userId, id, true);
        if (draft.status !== 'draft') {
          throw new AppError('CONFLICT', `Invoice ${draft.number} was sent: only a draft can be edited`);
        }
        const currency = body.currency ?? draft.currency;
        const title = body.projectTitle ?? draft.project_title;
        const taxRate = normalizePercent(body.taxRate ?? draft.tax_rate);
        // Lines kept as they were are read again as decimals, so a change of currency keeps the figures typed.
        const kept = (await repo.itemsOf(trx, [id])).map((item) => ({
          description: item.description,
          quantity: item.quantity,
          unitPrice: Money.of(BigInt(item.unit_price), draft.currency).format(),
        }));
        const lines = body.items ?? (body.amount !== undefined ? undefined : kept);
        const figures = figuresOf(currency, { items: lines, amount: body.amount }, title, taxRate);
        const updated = await repo.updateInvoice(trx, userId, id, {
          ...(body.clientName !== undefined && { client_name: body.clientName }),
          ...(body.clientEmail !== undefined && { client_email: body.clientEmail }),
          ...(body.clientAddress !== undefined && { client_address: body.clientAddress }),
          ...(body.projectTitle !== undefined && { project_title: body.projectTitle }),
          ...(body.description !== undefined && { description: body.description }),
          ...(body.notes !== undefined && { notes: body.notes }),
          ...(body.dueDate !== undefined && { due_date: body.dueDate }),
          currency,
          tax_rate: taxRate,
          ...figureColumns(figures),
          updated_at: new Date().toISOString(),
        });
        await repo.replaceItems(trx, id, itemRows(id, figures));
        return presentOne(trx, updated!);
      });
    },

    /** The sketch's status call: draft → sent sends it, sent|overdue → paid records a payment; else 409. */
    async setStatus(userId: string, id: string, status: InvoiceStatus): Promise<Invoice> {
      if (status === 'sent') return send(userId, id);
      if (status === 'paid') return markPaid(userId, id);
      throw illegalMove(await ownInvoice(db, userId, id), status);
    },

    /** A draft goes, and gives its number back; only the newest one can, or the numbering would have a gap. */
    async remove(userId: string, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const invoice = await ownInvoice(trx, userId, id, true);
        if (invoice.status !== 'draft') {
          throw new AppError('CONFLICT', `Invoice ${invoice.number} was sent: only a draft can be deleted`);
        }
        if (!(await giveBackInvoiceNumber(trx, userId, Number(invoice.year), Number(invoice.sequence)))) {
          throw new AppError(
            'CONFLICT',
            `${invoice.number} is not your newest invoice: deleting it would leave a gap in your invoice numbers. Edit it instead.`,
          );
        }
        await repo.deleteInvoice(trx, userId, id);
      });
    },

    async summary(userId: string): Promise<InvoiceSummary> {
      const user = await owner(db, userId);
      const home = user.home_currency;
      const sums = { paid: 0n, sent: 0n, overdue: 0n };
      const counts = { total: 0, draft: 0, sent: 0, paid: 0, overdue: 0 };
      for (const row of await repo.summaryRows(db, userId)) {
        const count = Number(row.count);
        counts[row.status] += count;
        counts.total += count;
        if (row.status === 'draft' || row.home_total === null) continue;
        // Stamped in a home currency the user has since changed: valued in today's at the current rate.
        const stamped = Money.of(BigInt(row.home_total), row.home_currency);
        const value = (await stampInHomeCurrency(rates, stamped, home)).homeAmount;
        sums[row.status] += value;
      }
      const format = (minor: bigint) => Money.of(minor, home).format();
      return {
        currency: home,
        totalRevenue: format(sums.paid),
        pending: format(sums.sent),
        overdue: format(sums.overdue),
        counts,
      };
    },

    /** The email `send` would enqueue, from the same template, for the owner to read before sending. */
    async emailPreview(userId: string, id: string): Promise<InvoiceEmailPreview> {
      const user = await owner(db, userId);
      const invoice = await ownInvoice(db, userId, id);
      const message = invoiceMessage(invoice, senderOf(user), payUrl(invoice.pay_token));
      return { to: message.to, subject: message.subject, text: message.text, willEmail: !user.is_demo };
    },

    async pdf(userId: string, id: string): Promise<{ filename: string; content: Buffer }> {
      const invoice = await ownInvoice(db, userId, id);
      return { filename: `${invoice.number}.pdf`, content: await pdfOf(invoice) };
    },

    /** The invoices the list shows under the same status and search (all of them without a filter). */
    async exportCsv(userId: string, query: InvoiceListQuery = {}): Promise<string> {
      return invoicesCsv(await present(db, await repo.listInvoices(db, userId, query)));
    },

    // The pay link, for anyone holding it (no session).

    async publicInvoice(token: string): Promise<PublicInvoice> {
      return publicView(db, token);
    },

    async publicPdf(token: string): Promise<{ filename: string; content: Buffer }> {
      const invoice = await repo.findByPayToken(db, token);
      if (!invoice || invoice.status === 'draft') throw notFound('Invoice');
      return { filename: `${invoice.number}.pdf`, content: await pdfOf(invoice) };
    },

    /**
     * The client pays through the link: on a sandbox server a simulated payment, credited to the owner's
     * wallet exactly once (see recordInvoicePayment). The Idempotency-Key is kept among the owner's keys, so
     * a retried request answers as the first did. A server that is not a sandbox takes no payment here.
     * `payerId` is whoever is signed in, if anyone: a payer is never the invoice's own account (422), or a
     * sandbox's simulated payment would be a deposit past the sandbox's cap.
     */
    async payByLink(token: string, request: Omit<IdempotentRequest, 'userId'>, payerId?: string) {
      if (!config.SANDBOX) {
        throw new AppError('FORBIDDEN', 'This server takes no online payments: pay as the invoice says');
      }
      const found = await repo.findByPayToken(db, token);
      if (!found || found.status === 'draft') throw notFound('Invoice');
      if (payerId === found.user_id) {
        throw new AppError('BUSINESS_RULE', 'This is your own invoice: only your client can pay it');
      }
      const total = Money.of(BigInt(found.total_amount), found.currency);
      const stamp = await stampInHomeCurrency(rates, total, found.home_currency);
      return runIdempotent<PublicInvoice>(db, { ...request, userId: found.user_id }, async (trx) => {
        const invoice = await repo.findByPayToken(trx, token, true);
        if (!invoice) throw notFound('Invoice');
        await recordInvoicePayment(trx, { notifier }, invoice, {
          via: 'pay_link',
          stamp,
          credit: true,
          at: new Date().toISOString(),
        });
        return { status: 200, body: await publicView(trx, token) };
      });
    },

    /** For the mailer: the PDF attached to an invoice's email, as the invoice stands when it goes out. */
    registerAttachments() {
      mailer.registerAttachment(INVOICE_PDF_ATTACHMENT, async (invoiceId) => {
        const invoice = await db
          .selectFrom('invoices')
          .selectAll()
          .where('id', '=', invoiceId)
          .executeTakeFirst();
        if (!invoice) throw new Error(`Invoice ${invoiceId} is gone`);
        return {
          filename: `${invoice.number}.pdf`,
          contentType: 'application/pdf',
          content: await pdfOf(invoice),
        };
      });
    },
  };

  async function publicView(trx: Kysely<Database>, token: string): Promise<PublicInvoice> {
    const invoice = await repo.findByPayToken(trx, token);
    if (!invoice || invoice.status === 'draft') throw notFound('Invoice');
    const user = await owner(trx, invoice.user_id);
    const items = await repo.itemsOf(trx, [invoice.id]);
    return toPublicInvoice(invoice, items, senderOf(user), config.SANDBOX);
  }

  async function pdfOf(invoice: InvoiceRow): Promise<Buffer> {
    const user = await owner(db, invoice.user_id);
    const items = await repo.itemsOf(db, [invoice.id]);
    return renderInvoicePdf({
      invoice,
      items,
      from: senderOf(user),
      payUrl: invoice.status === 'draft' ? null : payUrl(invoice.pay_token),
    });
  }
}

function illegalMove(invoice: InvoiceRow, to: InvoiceStatus) {
  const allowed = invoiceStatusMoves[invoice.status];
  const hint = allowed.length ? `it can only become ${allowed.join(' or ')}` : 'it cannot change any more';
  return new AppError('CONFLICT', `Invoice ${invoice.number} is ${invoice.status}: ${hint} (not ${to})`);
}
