import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Money } from '@contract/money';
import type {
  CreateInvoiceRequest,
  Invoice,
  InvoiceCurrency,
  UpdateInvoiceRequest,
} from '@contract/invoices';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { findOwnClient } from '../clients/clients';
import { ownInvoice, today, type InvoiceCoreDeps } from './invoice-context';
import { figureColumns, figuresOf, itemRows } from './draft-figures';
import { normalizePercent } from './invoice-figures';
import { formatInvoiceNumber, giveBackInvoiceNumber, takeInvoiceNumber } from './invoice-number';
import { ownerOf } from './invoice-owners';
import { presentOne } from './invoice-views';
import { termsColumns } from './payment-terms';
import * as repo from './invoices.repository';

/** 128 random bits: the pay link cannot be guessed, and it opens only this one invoice. */
const newPayToken = () => randomBytes(16).toString('base64url');

function assertDueDateAhead(dueDate: string) {
  if (dueDate < today()) {
    throw new AppError('VALIDATION_FAILED', 'The due date cannot be in the past', {
      dueDate: 'Cannot be in the past',
    });
  }
}

/**
 * The client fields an invoice is written with: what the request says, and for what it leaves out, the saved
 * client it names (the caller's own; another user's is a 404). The invoice keeps this copy.
 */
async function clientFieldsOf(
  db: Kysely<Database>,
  userId: string,
  body: { clientId?: string | null; clientName?: string; clientEmail?: string; clientAddress?: string },
) {
  const client = body.clientId ? await findOwnClient(db, userId, body.clientId) : null;
  return {
    ...(body.clientId !== undefined && { client_id: client?.id ?? null }),
    ...((body.clientName ?? client?.name) !== undefined && { client_name: body.clientName ?? client!.name }),
    ...((body.clientEmail ?? client?.email) !== undefined && {
      client_email: body.clientEmail ?? client!.email,
    }),
    ...((body.clientAddress ?? client?.address) !== undefined && {
      client_address: body.clientAddress ?? client!.address,
    }),
  };
}

/**
 * A new draft, numbered next in the year of its issue date. Made for a past `issueDate` (a recurring
 * invoice's period), its due date may have passed too; `trx`: inside the caller's transaction.
 */
export async function createInvoice(
  deps: InvoiceCoreDeps,
  userId: string,
  parsed: CreateInvoiceRequest,
  options: { trx?: Kysely<Database>; issueDate?: string } = {},
): Promise<Invoice> {
  if (options.issueDate === undefined) assertDueDateAhead(parsed.dueDate);
  const taxRate = normalizePercent(parsed.taxRate);
  const figures = figuresOf(parsed.currency, parsed, parsed.projectTitle, taxRate);
  const terms = termsColumns(parsed.currency, figures.totalAmount.minor, parsed);
  const write = async (trx: Kysely<Database>) => {
    const user = await ownerOf(trx, userId);
    const client = await clientFieldsOf(trx, userId, parsed);
    const at = new Date().toISOString();
    const issueDate = options.issueDate ?? at.slice(0, 10);
    const year = Number(issueDate.slice(0, 4));
    const sequence = await takeInvoiceNumber(trx, userId, year);
    const row = {
      id: newId(),
      user_id: userId,
      number: formatInvoiceNumber(year, sequence),
      year,
      sequence,
      client_id: client.client_id ?? null,
      // The contract asks for a name and an email unless a client is named, whose own fill them.
      client_name: client.client_name!,
      client_email: client.client_email!,
      client_address: client.client_address ?? '',
      project_title: parsed.projectTitle,
      description: parsed.description,
      currency: parsed.currency,
      ...figureColumns(figures),
      ...terms,
      paid_amount: 0n,
      tax_rate: taxRate,
      issue_date: issueDate,
      due_date: parsed.dueDate,
      notes: parsed.notes,
      language: parsed.language,
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
    return presentOne(deps, trx, { ...row, reminders_sent: 0 });
  };
  return options.trx ? write(options.trx) : deps.db.transaction().execute(write);
}

/** Only a draft changes; its figures are worked out again from what the request and the draft say. */
export async function updateInvoice(
  deps: InvoiceCoreDeps,
  userId: string,
  id: string,
  body: UpdateInvoiceRequest,
): Promise<Invoice> {
  if (body.dueDate !== undefined) assertDueDateAhead(body.dueDate);
  return deps.db.transaction().execute(async (trx) => {
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
    // Kept amounts are in the draft's currency: a new currency asks for them again.
    const keptTerms = currency === draft.currency ? draft : undefined;
    const terms = termsColumns(currency as InvoiceCurrency, figures.totalAmount.minor, body, keptTerms);
    const updated = await repo.updateInvoice(trx, userId, id, {
      ...(await clientFieldsOf(trx, userId, body)),
      ...(body.projectTitle !== undefined && { project_title: body.projectTitle }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.notes !== undefined && { notes: body.notes }),
      ...(body.language !== undefined && { language: body.language }),
      ...(body.dueDate !== undefined && { due_date: body.dueDate }),
      currency,
      tax_rate: taxRate,
      ...figureColumns(figures),
      ...terms,
      updated_at: new Date().toISOString(),
    });
    await repo.replaceItems(trx, id, itemRows(id, figures));
    return presentOne(deps, trx, updated!);
  });
}

/** A draft goes, and gives its number back; only the newest one can, or the numbering would have a gap. */
export async function removeInvoice(deps: InvoiceCoreDeps, userId: string, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
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
}
