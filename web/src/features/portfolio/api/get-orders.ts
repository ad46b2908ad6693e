import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TradingOrder } from '@contract/trading';
import { api } from '@web/lib/api-client';

export const ordersQueryKey = ['trading-orders'] as const;

/** GET /api/trading-orders: the user's orders, newest first. */
export const getOrders = (signal?: AbortSignal) => api.get<TradingOrder[]>('/api/trading-orders', signal);

/** Polled every 30 s, like the portfolio: a pending limit order fills on the server's own time. */
export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: ordersQueryKey,
    queryFn: ({ signal }) => getOrders(signal),
    refetchInterval: 30_000,
  });

export const useOrders = () => useQuery(ordersQueryOptions());
