import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { INVOICE_LIST_MAX, type InvoiceListQuery, type InvoiceStatus } from '@contract/invoices';
import { isPostgres } from '../../db/dialect';
import type {
  Database,
  InvoiceItemsTable,
  InvoicePaymentsTable,
  InvoiceRow,
  InvoicesTable,
} from '../../db/schema';

type Db = Kysely<Database>;

export const mailRefOf = (invoiceId: string) => `invoice:${invoiceId}`;

export function insertInvoice(db: Db, row: Insertable<InvoicesTable>) {
  return db.insertInto('invoices').values(row).execute();
}

export async function replaceItems(db: Db, invoiceId: string, items: Insertable<InvoiceItemsTable>[]) {
  await db.deleteFrom('invoice_items').where('invoice_id', '=', invoiceId).execute();
  if (items.length > 0) await db.insertInto('invoice_items').values(items).execute();
}

export function itemsOf(db: Db, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('invoice_items')
    .selectAll()
    .where('invoice_id', 'in', invoiceIds)
    .orderBy('invoice_id')
    .orderBy('position')
    .execute();
}

export function insertPayment(db: Db, row: Insertable<InvoicePaymentsTable>) {
  return db.insertInto('invoice_payments').values(row).execute();
}

/** The payments of these invoices, oldest first. */
export function paymentsOf(db: Db, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('invoice_payments')
    .selectAll()
    .where('invoice_id', 'in', invoiceIds)
    .orderBy('invoice_id')
    .orderBy('paid_at')
    .orderBy('id')
    .execute();
}

/**
 * Adds a payment to the invoice's paid amount, moving its status, only if nothing else was paid since it was
 * read (`paidBefore`) and it is still open: a second payment racing this one finds nothing and is refused.
 */
export function addPaid(
  db: Db,
  invoice: InvoiceRow,
  paidBefore: bigint,
  to: InvoiceStatus,
  changes: Updateable<InvoicesTable>,
): Promise<InvoiceRow | undefined> {
  return db
    .updateTable('invoices')
    .set({ ...changes, status: to })
    .where('id', '=', invoice.id)
    .where('paid_amount', '=', paidBefore)
    .where('status', 'in', ['sent', 'partially_paid', 'overdue'])
    .returningAll()
    .executeTakeFirst();
}

/** The user's own invoice; another user's is simply not found. `lock`: FOR UPDATE on PostgreSQL. */
export function findInvoice(db: Db, userId: string, id: string, lock = false) {
  const query = db.selectFrom('invoices').selectAll().where('user_id', '=', userId).where('id', '=', id);
  return (lock && isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

/** The user's own invoices among `ids`. */
export function findInvoices(db: Db, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('invoices').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
}

/** Any user's invoice by id: for the mailer, rendering the PDF of an invoice's email as it goes out. */
export function findInvoiceById(db: Db, id: string) {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByPayToken(db: Db, token: string, lock = false) {
  const query = db.selectFrom('invoices').selectAll().where('pay_token', '=', token);
  return (lock && isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
}

export function listInvoices(db: Db, userId: string, filter: InvoiceListQuery) {
  let query = db.selectFrom('invoices').selectAll().where('user_id', '=', userId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.clientId) query = query.where('client_id', '=', filter.clientId);
  if (filter.q) {
    // LIKE with the user's text taken literally: its own % and _ are escaped.
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or(
        ['number', 'client_name', 'client_email', 'project_title'].map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(INVOICE_LIST_MAX).execute();
}

export async function updateInvoice(db: Db, userId: string, id: string, changes: Updateable<InvoicesTable>) {
  return db
    .updateTable('invoices')
    .set(changes)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Moves the invoice from one of `from` to `to` with `changes`, only if it is still in one of `from`: the one
 * guard against two requests moving it at once (the second finds nothing to update and gets undefined).
 */
export function moveStatus(
  db: Db,
  id: string,
  from: readonly InvoiceStatus[],
  to: InvoiceStatus,
  changes: Updateable<InvoicesTable> = {},
): Promise<InvoiceRow | undefined> {
  return db
    .updateTable('invoices')
    .set({ ...changes, status: to })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

export function deleteInvoice(db: Db, userId: string, id: string) {
  return db.deleteFrom('invoices').where('user_id', '=', userId).where('id', '=', id).execute();
}

/** The newest email about each invoice (by outbox ref). */
export async function latestEmails(db: Db, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return new Map<string, EmailRow>();
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['ref', 'kind', 'status', 'to_address', 'created_at', 'sent_at'])
    .where('ref', 'in', invoiceIds.map(mailRefOf))
    .orderBy('created_at', 'desc')
    .execute();
  const latest = new Map<string, EmailRow>();
  for (const row of rows) {
    const id = row.ref!.slice('invoice:'.length);
    if (!latest.has(id)) latest.set(id, row);
  }
  return latest;
}
export interface EmailRow {
  ref: string | null;
  kind: string;
  status: 'pending' | 'sent' | 'stored' | 'failed';
  to_address: string;
  created_at: string;
  sent_at: string | null;
}

/** Counts and home-currency sums per status, for the summary cards. */
export function summaryRows(db: Db, userId: string) {
  return db
    .selectFrom('invoices')
    .select([
      'status',
      (eb) => eb.fn.countAll<bigint | number>().as('count'),
      sql<
        bigint | null
      >`cast(sum(case when status = 'paid' then paid_home_amount else issue_home_amount end) as bigint)`.as(
        'home_total',
      ),
      'home_currency',
    ])
    .where('user_id', '=', userId)
    .groupBy(['status', 'home_currency'])
    .execute();
}

/** Open invoices with payments on them: their received part is revenue, not pending (invoice-summary.ts). */
export function partlyPaidRows(db: Db, userId: string) {
  return db
    .selectFrom('invoices')
    .select([
      'status',
      'home_currency',
      'issue_home_amount',
      'paid_home_amount',
      'paid_amount',
      'total_amount',
    ])
    .where('user_id', '=', userId)
    .where('status', 'in', ['partially_paid', 'overdue'])
    .where('paid_amount', '>', 0n)
    .execute();
}

/**
 * Sent or partly paid invoices whose due date has passed, claimed for the overdue job (PostgreSQL: SKIP LOCKED, so several
 * processes take different ones).
 */
export function claimNewlyOverdue(db: Db, today: string, limit: number) {
  const query = db
    .selectFrom('invoices')
    .selectAll()
    .where('status', 'in', ['sent', 'partially_paid'])
    .where('due_date', '<', today)
    .orderBy('due_date')
    .limit(limit);
  return (isPostgres(db) ? query.forUpdate().skipLocked() : query).execute();
}

/** Overdue invoices that have reminders left to send (the job decides which are due today). */
export function claimOverdueForReminders(db: Db, maxReminders: number, limit: number, after: string) {
  const query = db
    .selectFrom('invoices')
    .selectAll()
    .where('status', '=', 'overdue')
    .where('reminders_sent', '<', maxReminders)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit);
  return (isPostgres(db) ? query.forUpdate().skipLocked() : query).execute();
}

/**
 * What each of the user's saved clients owes, per currency: the outstanding invoices (sent or overdue) made
 * for a client, summed. An invoice outstanding is owed in full until it is paid.
 */
export function owedByClientRows(db: Db, userId: string) {
  return db
    .selectFrom('invoices')
    .select([
      'client_id',
      'currency',
      (eb) => eb.fn.countAll<bigint | number>().as('count'),
      // What is still outstanding: a part-paid invoice owes its total less what has come in.
      sql<bigint | number | string>`cast(sum(total_amount - paid_amount) as bigint)`.as('owed'),
    ])
    .where('user_id', '=', userId)
    .where('client_id', 'is not', null)
    .where('status', 'in', ['sent', 'partially_paid', 'overdue'])
    .groupBy(['client_id', 'currency'])
    .execute();
}

/**
 * A page of the user's invoices issued in a period (issue days `issuedFrom`..`issuedTo`, both included) or with
 * a payment in it (ISO times, `paidSince` inclusive, `paidBefore` exclusive); drafts are not issued. Oldest
 * issue first, id breaking ties, pages after `after` (keyset: each page is one short query).
 */
export function issuedOrPaidIn(
  db: Db,
  userId: string,
  period: { issuedFrom: string; issuedTo: string; paidSince: string; paidBefore: string },
  after: { issueDate: string; id: string } | null,
  limit: number,
) {
  let query = db
    .selectFrom('invoices')
    .select(['id', 'issue_date'])
    .where('user_id', '=', userId)
    .where('status', '!=', 'draft')
    .where((eb) =>
      eb.or([
        eb.between('issue_date', period.issuedFrom, period.issuedTo),
        eb.exists(
          eb
            .selectFrom('invoice_payments')
            .select('invoice_payments.id')
            .whereRef('invoice_payments.invoice_id', '=', 'invoices.id')
            .where('invoice_payments.paid_at', '>=', period.paidSince)
            .where('invoice_payments.paid_at', '<', period.paidBefore),
        ),
      ]),
    );
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple('issue_date', 'id'), '>', eb.tuple(after.issueDate, after.id)),
    );
  }
  return query.orderBy('issue_date').orderBy('id').limit(limit).execute();
}
