import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Card } from '@contract/cards';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export const cardsKey = ['cards'] as const;

/** GET /api/cards: the user's cards, masked, with controls, limits and what each has spent. */
export const cardsQueryOptions = () =>
  queryOptions({ queryKey: cardsKey, queryFn: ({ signal }) => api.get<Card[]>('/api/cards', signal) });

export const useCards = () => useQuery(cardsQueryOptions());

/** After a card changes or pays: the cards, and what a payment moves (wallets, history). */
export function useRefreshCards() {
  const queryClient = useQueryClient();
  return (options: { money?: boolean } = {}) => {
    void queryClient.invalidateQueries({ queryKey: cardsKey });
    if (options.money) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
    }
  };
}
