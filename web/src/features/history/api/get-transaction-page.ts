import {
  keepPreviousData,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { HistoryRow } from '@contract/categories';
import { HISTORY_PAGE_DEFAULT, NEXT_CURSOR_HEADER, type HistoryFilter } from '@contract/transactions';
import { apiRequestWithHeaders } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export interface TransactionPage {
  items: HistoryRow[];
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: string | null;
}

/** What narrows the history: text, a range of UTC days and "missing receipts", each absent when not used. */
export interface HistorySearchTerms {
  q?: string;
  from?: string;
  to?: string;
  receipt?: 'missing';
  /** One category's rows (its id). */
  category?: string;
}

const searchParams = (filter: HistoryFilter, search: HistorySearchTerms) => {
  const params = new URLSearchParams({ type: filter });
  for (const key of ['q', 'from', 'to', 'category', 'receipt'] as const)
    if (search[key]) params.set(key, search[key]);
  return params;
};

/**
 * GET /api/transactions?type=&q=&from=&to=&receipt=&cursor=&limit=: one page of the history, newest first. The body is
 * a plain array; the next page's cursor comes in the X-Next-Cursor header (absent on the last page).
 */
export async function getTransactionPage(
  filter: HistoryFilter,
  search: HistorySearchTerms,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TransactionPage> {
  const params = searchParams(filter, search);
  params.set('limit', String(HISTORY_PAGE_DEFAULT));
  if (cursor) params.set('cursor', cursor);
  const { data, headers } = await apiRequestWithHeaders<HistoryRow[]>(`/api/transactions?${params}`, {
    signal,
  });
  return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

/**
 * Page `number` (from 1) of a filtered, searched history. Keyset paging has no offsets, so page N starts at
 * the cursor page N−1 ended with: that page comes from the cache when it was seen (Next costs one request),
 * or is fetched first (a reload on page 3 reads pages 1 and 2 once). So the page number alone can live in
 * the address. A page past the end answers empty.
 */
export function transactionPageQueryOptions(
  queryClient: QueryClient,
  filter: HistoryFilter,
  search: HistorySearchTerms,
  number: number,
) {
  return queryOptions({
    queryKey: [...queryKeys.transactions, 'history', filter, search, number] as const,
    queryFn: async ({ signal }): Promise<TransactionPage> => {
      let cursor: string | null = null;
      if (number > 1) {
        const previous = await queryClient.ensureQueryData(
          transactionPageQueryOptions(queryClient, filter, search, number - 1),
        );
        if (!previous.nextCursor) return { items: [], nextCursor: null };
        cursor = previous.nextCursor;
      }
      return getTransactionPage(filter, search, cursor, signal);
    },
    // Paging keeps the rows on screen (dimmed) until the next page arrives instead of flashing skeletons.
    // Each filter and search is its own list (mounted afresh), so another list's rows never stand in.
    placeholderData: keepPreviousData,
  });
}

export function useTransactionPage(filter: HistoryFilter, search: HistorySearchTerms, number: number) {
  const queryClient = useQueryClient();
  return useQuery(transactionPageQueryOptions(queryClient, filter, search, number));
}

/** GET /api/transactions/export.csv?type=…&q=&from=&to=&receipt=: a plain link; the session cookie goes with it. */
export const exportCsvUrl = (filter: HistoryFilter, search: HistorySearchTerms = {}) =>
  `/api/transactions/export.csv?${searchParams(filter, search)}`;
