import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Portfolio } from '@contract/trading';
import { api } from '@web/lib/api-client';

export const portfolioQueryKey = ['portfolio'] as const;

/** GET /api/portfolio: holdings valued at the live price, totals and the pending order count. */
export const getPortfolio = (signal?: AbortSignal) => api.get<Portfolio>('/api/portfolio', signal);

/** Polled every 30 s: prices move, and a limit order may fill while the page is open. */
export const portfolioQueryOptions = () =>
  queryOptions({
    queryKey: portfolioQueryKey,
    queryFn: ({ signal }) => getPortfolio(signal),
    refetchInterval: 30_000,
  });

export const usePortfolio = () => useQuery(portfolioQueryOptions());
