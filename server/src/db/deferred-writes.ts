import { sql, type Kysely } from 'kysely';
import { jsonbText } from './jsonb';
import type { Database } from './schema';

/**
 * Writes a money transaction makes and never reads back (its notifications, its held payment's row, the
 * idempotency key's stored answer) need not each cost a round trip on PostgreSQL: inside withMoneyTransaction
 * they are queued here and go to the database together, with the ledger entry when one is queued
 * (ledger.service.ts: queueEntry) or in one `write_rows` call just before COMMIT (migration 0019). Order is
 * kept: an entry is written first, then the rows queued after it (which may refer to it). SQLite's statements
 * cost no round trip, so there every write goes at once, as written; so does any write outside a money
 * transaction.
 *
 * A deferred write fails when it is flushed, not where it was asked for; either way the transaction rolls
 * back and the request fails, as before. Nothing in the same transaction may read a deferred row back.
 */
export interface RowWrite {
  table: keyof Database & string;
  /** Complete rows of one shape (the columns written are the first row's keys); bigint is sent as text. */
  rows: object[];
  /** For an update: the columns that pick each row. Without it, the rows are inserted. */
  match?: string[];
}

/** Runs the queued writes, given as JSON, in one round trip (with whatever else the carrier posts). */
export type Carrier = (trx: Kysely<Database>, writes: string) => Promise<void>;

interface Queue {
  writes: RowWrite[];
  carrier: Carrier | null;
}

const queues = new WeakMap<Kysely<Database>, Queue>();

/** Starts deferring `trx`'s writes (withMoneyTransaction, on PostgreSQL). */
export function openDeferredWrites(trx: Kysely<Database>): void {
  queues.set(trx, { writes: [], carrier: null });
}

/** Whether `trx` defers its writes: a money transaction on PostgreSQL. */
export const defersWrites = (trx: Kysely<Database>) => queues.has(trx);

/** Queues `write` and answers true when `trx` defers its writes; answers false (the caller writes now) if not. */
export function deferWrite(trx: Kysely<Database>, write: RowWrite): boolean {
  const queue = queues.get(trx);
  if (!queue) return false;
  if (write.rows.length > 0) queue.writes.push(write);
  return true;
}

/**
 * Queues a statement that carries the writes queued after it: the ledger entry. Whatever was queued before it
 * is flushed first, so the database sees the writes in the order they were asked for.
 */
export async function deferCarrier(trx: Kysely<Database>, carrier: Carrier): Promise<void> {
  const queue = queues.get(trx)!;
  if (queue.carrier || queue.writes.length > 0) await flushDeferredWrites(trx);
  queue.carrier = carrier;
}

/** Sends what is queued, in one round trip (none when nothing is): before COMMIT (withMoneyTransaction). */
export async function flushDeferredWrites(trx: Kysely<Database>): Promise<void> {
  const queue = queues.get(trx);
  if (!queue) return;
  const { writes, carrier } = queue;
  queue.writes = [];
  queue.carrier = null;
  if (carrier) await carrier(trx, jsonbText(writes));
  else if (writes.length > 0) await sql`select write_rows(${jsonbText(writes)}::jsonb)`.execute(trx);
}
