import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatePair } from '@contract/rates';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** The Live Rates list shows the first 8 pairs. */
export const LIVE_RATES_COUNT = 8;

/** GET /api/exchange-rates/all, polled every 30 s. */
export const getAllRates = (signal?: AbortSignal) => api.get<RatePair[]>('/api/exchange-rates/all', signal);

export const allRatesQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.exchangeRates, 'all'],
    queryFn: ({ signal }) => getAllRates(signal),
    refetchInterval: 30_000,
    select: (pairs) => pairs.slice(0, LIVE_RATES_COUNT),
  });

export const useAllRates = () => useQuery(allRatesQueryOptions());
