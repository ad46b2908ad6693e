import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '@contract/transactions';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** Recent Activity shows 3 transactions. */
export const RECENT_ACTIVITY_COUNT = 3;

/** GET /api/transactions (newest first, a plain array): only the first page of 3 is needed here. */
export const getRecentTransactions = (signal?: AbortSignal) =>
  api.get<Transaction[]>(`/api/transactions?limit=${RECENT_ACTIVITY_COUNT}`, signal);

export const recentTransactionsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.transactions, 'recent'],
    queryFn: ({ signal }) => getRecentTransactions(signal),
    select: (transactions) => transactions.slice(0, RECENT_ACTIVITY_COUNT),
  });

export const useRecentTransactions = () => useQuery(recentTransactionsQueryOptions());
