import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Currency } from '@contract/currencies';
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

/** POST /api/wallets: opens an empty wallet in a currency the user does not hold yet. */
export const openWallet = (currency: Currency) => api.post<Wallet>('/api/wallets', { currency });

export function useOpenWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openWallet,
    onSuccess: (wallet) => {
      queryClient.setQueryData<Wallet[]>(queryKeys.wallets, (wallets) =>
        wallets && !wallets.some((each) => each.id === wallet.id) ? [...wallets, wallet] : wallets,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
    },
  });
}
