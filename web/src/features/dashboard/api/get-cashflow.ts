import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cashflow } from '@contract/analytics';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/analytics/cashflow: six months of income vs spending in USD, oldest first. */
export const getCashflow = (signal?: AbortSignal) => api.get<Cashflow>('/api/analytics/cashflow', signal);

export const cashflowQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.analytics, 'cashflow'],
    queryFn: ({ signal }) => getCashflow(signal),
  });

export const useCashflow = () => useQuery(cashflowQueryOptions());
