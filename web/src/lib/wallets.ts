import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Wallet } from '@contract/wallets';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/wallets. Shared (not a feature's own endpoint file) because the dashboard, the converter and other
 * money screens all show the same balances, and every money movement refreshes them by `queryKeys.wallets`.
 */
export const getWallets = (signal?: AbortSignal) => api.get<Wallet[]>('/api/wallets', signal);

export const walletsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.wallets, queryFn: ({ signal }) => getWallets(signal) });

export const useWallets = () => useQuery(walletsQueryOptions());
