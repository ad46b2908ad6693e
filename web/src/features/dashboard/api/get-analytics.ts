import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Analytics } from '@contract/analytics';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/analytics: monthlyEarnings, averageProject (USD decimal strings) and activeClients. */
export const getAnalytics = (signal?: AbortSignal) => api.get<Analytics>('/api/analytics', signal);

export const analyticsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.analytics, 'summary'],
    queryFn: ({ signal }) => getAnalytics(signal),
  });

export const useAnalytics = () => useQuery(analyticsQueryOptions());
