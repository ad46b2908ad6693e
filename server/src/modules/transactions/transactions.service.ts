import type { Kysely } from 'kysely';
import type { HistoryRow } from '@contract/categories';
import {
  historyFilterTypes,
  type HistoryFilter,
  type HistorySearch,
  type TransactionListQuery,
} from '@contract/transactions';
import type { Database } from '../../db/schema';
import { toTransaction } from './transactions.mapper';
import { decodeCursor, encodeCursor, type HistoryCursor } from './history-cursor';
import { csvHeader, csvRow } from './transactions-csv';
import { categoryNamesOf } from '../categories/categories';
import { toHistoryRow } from './transactions.mapper';
import { findTransactionOf, listHistory, type HistoryMatch } from './transactions.repository';
import { renderReceiptPdf } from './transaction-receipt-pdf';
import { notFound } from '../../lib/errors';

/** Rows per database round trip while exporting: memory stays flat however long the history is. */
const EXPORT_BATCH = 1000;

const typesOf = (filter: HistoryFilter) => (filter === 'all' ? null : historyFilterTypes[filter]);

const DAY_MS = 86_400_000;

/**
 * The search as the repository compares it: the text as a lower-case substring LIKE pattern (its own % _ \
 * escaped, so they match themselves), the days as a half-open range of ISO times ending at the start of the
 * day after `to`.
 */
export function historyMatch({ q, from, to, category }: Partial<HistorySearch>): HistoryMatch {
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();
  return {
    pattern: q === undefined ? undefined : `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    since: from === undefined ? undefined : `${from}T00:00:00.000Z`,
    before: to === undefined ? undefined : dayAfter(to),
    category,
  };
}

export interface HistoryPage {
  items: HistoryRow[];
  /** Cursor of the next (older) page, or null on the last one. */
  nextCursor: string | null;
}

export type TransactionsService = ReturnType<typeof createTransactionsService>;

export function createTransactionsService(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  return {
    /** One page of the user's own history, newest first. One query: it asks for one row more than the page. */
    async page(userId: string, query: TransactionListQuery): Promise<HistoryPage> {
      const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
      const rows = await listHistory(db, userId, {
        types: typesOf(query.type),
        after,
        limit: query.limit + 1,
        match: historyMatch(query),
      });
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      const more = rows.length > query.limit && last !== undefined;
      return {
        items: items.map(toHistoryRow),
        nextCursor: more ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
      };
    },

    /** One of the user's own transactions as a PDF receipt; anyone else's (or none) is a 404. */
    async receipt(userId: string, id: string): Promise<{ filename: string; content: Buffer }> {
      const row = await findTransactionOf(db, userId, id);
      if (!row) throw notFound('Transaction');
      return { filename: `meridian-receipt-${row.id}.pdf`, content: await renderReceiptPdf(row) };
    },

    /**
     * The filtered history as CSV text, newest first, produced lazily in keyset batches: the caller streams
     * it (reply.send(Readable.from(...))), so an export of any size holds one batch in memory at a time.
     */
    async *exportCsv(
      userId: string,
      filter: HistoryFilter,
      search: Partial<HistorySearch> = {},
    ): AsyncGenerator<string> {
      yield csvHeader;
      const names = await categoryNamesOf(db, userId);
      const types = typesOf(filter);
      const match = historyMatch(search);
      let after: HistoryCursor | null = null;
      for (;;) {
        const rows = await listHistory(db, userId, { types, after, limit: EXPORT_BATCH, match });
        if (rows.length > 0)
          yield rows
            .map((row) => csvRow(toTransaction(row), names.get(row.category) ?? row.category))
            .join('');
        const last = rows.at(-1);
        if (rows.length < EXPORT_BATCH || !last) return;
        after = { createdAt: last.created_at, id: last.id };
      }
    },
  };
}
