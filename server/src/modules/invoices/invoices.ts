import type { Kysely } from 'kysely';
import {
  invoiceCurrencies,
  type InvoiceCurrency,
  type CreateInvoiceRequest,
  type Invoice,
} from '@contract/invoices';
import type { Database } from '../../db/schema';
import type { InvoiceCoreDeps } from './invoice-context';
import { createInvoice } from './invoice-drafts';
import { sendInvoice } from './invoice-sending';
import { invoicePdf, invoicesByIds } from './invoice-views';
import * as repo from './invoices.repository';

export type InvoicesFace = ReturnType<typeof createInvoicesFace>;

/**
 * What other modules may ask of invoices (recurring invoices make and send them). An invoice made here is an
 * invoice like any other: numbered by the owner's one gap-free sequence, shown in the list, sent by the same
 * code with the same checks.
 */
export function createInvoicesFace(deps: InvoiceCoreDeps) {
  return {
    /**
     * A draft issued on `issueDate` (its number from that year's sequence), written in `trx` when given, so
     * it commits or vanishes with the caller's own rows.
     */
    createInvoiceFor: (
      trx: Kysely<Database> | undefined,
      userId: string,
      request: CreateInvoiceRequest,
      options: { issueDate: string },
    ): Promise<Invoice> =>
      createInvoice(deps, userId, request, {
        ...(trx && { trx }),
        issueDate: options.issueDate,
      }),

    /** Sends the owner's draft (a 409 if it is no longer a draft); `issueDate` keeps the date it was issued. */
    sendInvoice: (userId: string, id: string, options: { issueDate?: string } = {}): Promise<Invoice> =>
      sendInvoice(deps, userId, id, options),

    /** The owner's invoices among `ids`, as the invoice list shows them. */
    invoicesOf: (userId: string, ids: readonly string[]): Promise<Invoice[]> =>
      invoicesByIds(deps, userId, ids),

    /**
     * A page of the owner's invoices issued from `from` to `to` (days, both included) or with a payment in
     * those days, oldest issue first; pass the last one back as `after` for the next page.
     */
    issuedOrPaidIn: (
      userId: string,
      period: { from: string; to: string },
      after: IssuedInvoice | null,
      limit: number,
    ): Promise<IssuedInvoice[]> => issuedOrPaidIn(deps.db, userId, period, after, limit),

    /** The owner's invoice as the PDF its client receives (`<number>.pdf`); another user's is a 404. */
    pdf: (userId: string, id: string): Promise<{ filename: string; content: Buffer }> =>
      invoicePdf(deps, userId, id),
  };
}

/** An invoice's place in a period's pages (see issuedOrPaidIn). */
export interface IssuedInvoice {
  id: string;
  issueDate: string;
}

const DAY_MS = 86_400_000;

async function issuedOrPaidIn(
  db: Kysely<Database>,
  userId: string,
  { from, to }: { from: string; to: string },
  after: IssuedInvoice | null,
  limit: number,
): Promise<IssuedInvoice[]> {
  const dayAfterTo = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString();
  const rows = await repo.issuedOrPaidIn(
    db,
    userId,
    { issuedFrom: from, issuedTo: to, paidSince: `${from}T00:00:00.000Z`, paidBefore: dayAfterTo },
    after,
    limit,
  );
  return rows.map((row) => ({ id: row.id, issueDate: row.issue_date }));
}

/** What one client owes across their outstanding invoices: minor units per currency, and how many invoices. */
export interface ClientOwed {
  owed: Array<{ currency: InvoiceCurrency; minor: bigint }>;
  openInvoices: number;
}

/**
 * The invoices module's public face for the clients module: what each of the user's saved clients owes, by
 * client id (a client owing nothing is absent). Currencies are kept apart, in the order of invoiceCurrencies.
 */
export async function owedByClient(db: Kysely<Database>, userId: string): Promise<Map<string, ClientOwed>> {
  const rows = await repo.owedByClientRows(db, userId);
  const byClient = new Map<string, ClientOwed>();
  for (const row of rows) {
    const entry = byClient.get(row.client_id!) ?? { owed: [], openInvoices: 0 };
    entry.owed.push({ currency: row.currency as InvoiceCurrency, minor: BigInt(row.owed) });
    entry.openInvoices += Number(row.count);
    byClient.set(row.client_id!, entry);
  }
  const order = (currency: InvoiceCurrency) => invoiceCurrencies.indexOf(currency);
  for (const entry of byClient.values()) entry.owed.sort((a, b) => order(a.currency) - order(b.currency));
  return byClient;
}
