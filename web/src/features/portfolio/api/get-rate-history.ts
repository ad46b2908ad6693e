import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Currency } from '@contract/currencies';
import type { RateHistory } from '@contract/rates';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/exchange-rates/history: the pair's last 24 hours, hourly, for the Market Prices sparklines. */
export const rateHistoryQueryOptions = (from: Currency, to: Currency) =>
  queryOptions({
    queryKey: [...queryKeys.exchangeRates, 'history', from, to],
    queryFn: ({ signal }) =>
      api.get<RateHistory>(`/api/exchange-rates/history?${new URLSearchParams({ from, to })}`, signal),
    refetchInterval: 5 * 60_000,
    select: (history) => history.points.map((point) => Number(point.rate)),
  });

export const useRateHistory = (from: Currency, to: Currency) => useQuery(rateHistoryQueryOptions(from, to));
