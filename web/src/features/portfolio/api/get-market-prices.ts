import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatePair } from '@contract/rates';
import { tradeAssets } from '@contract/trading';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/exchange-rates/all, the same cached answer the converter's Live Rates reads (same key, 30 s poll). */
const getAllRates = (signal?: AbortSignal) => api.get<RatePair[]>('/api/exchange-rates/all', signal);

/** The tradable assets' USD prices, in the order of `tradeAssets` (BTC/USD, ETH/USD). */
export const marketPricesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.exchangeRates, 'all'],
    queryFn: ({ signal }) => getAllRates(signal),
    refetchInterval: 30_000,
    select: (pairs) =>
      tradeAssets.flatMap((asset) => pairs.filter((pair) => pair.from === asset && pair.to === 'USD')),
  });

export const useMarketPrices = () => useQuery(marketPricesQueryOptions());
