import { Readable } from 'node:stream';
import type { ExpressionBuilder } from 'kysely';
import type { ReceiptInfo } from '@contract/receipts';
import type { Database } from '../../db/schema';
import type { ReceiptsDeps } from './receipts.service';
import { receiptsInPeriod } from './receipts.repository';

/**
 * The receipts module's public face.
 *
 * For the history list (transactions.repository): whether a history row has a receipt, as an expression the
 * list's query selects and filters by ("missing receipts"), so paging stays one keyset walk.
 */
export function receiptAttached(eb: ExpressionBuilder<Database, 'transactions'>) {
  return eb.exists(
    eb
      .selectFrom('transaction_receipts')
      .select('transaction_receipts.transaction_id')
      .whereRef('transaction_receipts.transaction_id', '=', 'transactions.id'),
  );
}

/** One receipt of a period, for the accountant pack. */
export interface PeriodReceipt {
  transactionId: string;
  /** The history row's time (ISO). */
  date: string;
  fileName: string;
  contentType: ReceiptInfo['contentType'];
  size: number;
  /** The file's bytes, read from storage only when the stream is first read (one file in memory at a time). */
  content: Readable;
}

/** Receipts per database round trip: memory stays flat however many the period holds. */
const PERIOD_BATCH = 200;

export type ReceiptsFace = ReturnType<typeof createReceiptsFace>;

export function createReceiptsFace({ db, storage }: ReceiptsDeps) {
  return {
    /**
     * The user's receipts whose history row falls in [since, before) (ISO times), oldest first, in keyset
     * batches. A receipt whose file is missing from storage fails its stream with an error naming the row.
     */
    async *receiptsForPeriod(
      userId: string,
      period: { since: string; before: string },
    ): AsyncGenerator<PeriodReceipt> {
      let after: { at: string; id: string } | null = null;
      for (;;) {
        const rows = await receiptsInPeriod(db, userId, period, after, PERIOD_BATCH);
        for (const row of rows) {
          const key = row.storage_key;
          yield {
            transactionId: row.transaction_id,
            date: row.transaction_at,
            fileName: row.file_name,
            contentType: row.content_type as ReceiptInfo['contentType'],
            size: Number(row.size),
            content: Readable.from(
              (async function* () {
                const bytes = await storage.get(key);
                if (!bytes) throw new Error(`The receipt of ${row.transaction_id} is missing from storage`);
                yield bytes;
              })(),
            ),
          };
        }
        const last = rows.at(-1);
        if (rows.length < PERIOD_BATCH || !last) return;
        after = { at: last.transaction_at, id: last.transaction_id };
      }
    },
  };
}
