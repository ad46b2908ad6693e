import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** "INV-2026-0001": the year, then the sequence, at least four digits (INV-2026-12345 after 9,999). */
export const formatInvoiceNumber = (year: number, sequence: number) =>
  `INV-${year}-${String(sequence).padStart(4, '0')}`;

/**
 * The next number of the user's invoices in `year`, taken inside the caller's transaction. The upsert
 * increments the counter row, which on PostgreSQL stays locked until the transaction ends: concurrent
 * creates take turns on it and each sees the one before it. On SQLite the one writer does the same. A create
 * that rolls back rolls its increment back too, so numbers have no gaps and no duplicates.
 */
export async function takeInvoiceNumber(
  trx: Kysely<Database>,
  userId: string,
  year: number,
): Promise<number> {
  const row = await trx
    .insertInto('invoice_counters')
    .values({ user_id: userId, year, last_number: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'year'])
        .doUpdateSet({ last_number: sql`invoice_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/**
 * Gives a number back when the invoice that had it goes, so deleting a draft leaves no gap. Only the newest
 * number can be given back; the service refuses to delete any other draft.
 */
export async function giveBackInvoiceNumber(
  trx: Kysely<Database>,
  userId: string,
  year: number,
  sequence: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('invoice_counters')
    .set({ last_number: sequence - 1 })
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .where('last_number', '=', sequence)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Each user's newest number per year, keyed `user:year`: what decides which draft may still be deleted. */
export async function newestInvoiceNumbers(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoice_counters')
    .select(['user_id', 'year', 'last_number'])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [`${row.user_id}:${row.year}`, Number(row.last_number)]));
}

/**
 * The one rule for deleting an invoice, told to the client as `canDelete`: a draft that holds its year's newest
 * number, the only one `giveBackInvoiceNumber` can give back without leaving a gap.
 */
export function canDeleteInvoice(
  invoice: { user_id: string; status: string; year: number | bigint; sequence: number | bigint },
  newest: ReadonlyMap<string, number>,
): boolean {
  return (
    invoice.status === 'draft' &&
    newest.get(`${invoice.user_id}:${invoice.year}`) === Number(invoice.sequence)
  );
}
