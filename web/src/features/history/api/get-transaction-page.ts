import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  HISTORY_PAGE_DEFAULT,
  NEXT_CURSOR_HEADER,
  type HistoryFilter,
  type Transaction,
} from '@contract/transactions';
import { apiRequestWithHeaders } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export interface TransactionPage {
  items: Transaction[];
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: string | null;
}

/**
 * GET /api/transactions?type=&cursor=&limit=: one page of the history, newest first. The body is a plain
 * array; the next page's cursor comes in the X-Next-Cursor header (absent on the last page).
 */
export async function getTransactionPage(
  filter: HistoryFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TransactionPage> {
  const params = new URLSearchParams({ type: filter, limit: String(HISTORY_PAGE_DEFAULT) });
  if (cursor) params.set('cursor', cursor);
  const { data, headers } = await apiRequestWithHeaders<Transaction[]>(`/api/transactions?${params}`, {
    signal,
  });
  return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

export const transactionPageQueryOptions = (filter: HistoryFilter, cursor: string | null) =>
  queryOptions({
    queryKey: [...queryKeys.transactions, 'history', filter, cursor],
    queryFn: ({ signal }) => getTransactionPage(filter, cursor, signal),
    // Paging within a filter keeps the rows on screen (dimmed) until the next page arrives instead of
    // flashing skeletons; another filter's rows are never shown in this one's place.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === filter ? previous : undefined,
  });

export const useTransactionPage = (filter: HistoryFilter, cursor: string | null) =>
  useQuery(transactionPageQueryOptions(filter, cursor));

/** GET /api/transactions/export.csv?type=…: a plain link; the session cookie goes with it. */
export const exportCsvUrl = (filter: HistoryFilter) =>
  `/api/transactions/export.csv?${new URLSearchParams({ type: filter })}`;
