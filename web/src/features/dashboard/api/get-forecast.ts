import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Forecast } from '@contract/forecast';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/forecast?days=N: the expected balance per day from today, its items and its warnings. */
export const getForecast = (days: number, signal?: AbortSignal) =>
  api.get<Forecast>(`/api/forecast?days=${days}`, signal);

export const forecastQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...queryKeys.forecast, days],
    queryFn: ({ signal }) => getForecast(days, signal),
    // Switching 30 ↔ 90 days keeps the chart on screen until the other window arrives.
    placeholderData: keepPreviousData,
  });

export const useForecast = (days: number) => useQuery(forecastQueryOptions(days));
