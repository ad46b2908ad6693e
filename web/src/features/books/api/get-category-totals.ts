import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryTotals } from '@contract/categories';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export interface Period {
  from: string;
  to: string;
}

/** GET /api/categories/totals?from=&to=: income and expenses per category, per month and for the period. */
export const getCategoryTotals = (period: Period, signal?: AbortSignal) =>
  api.get<CategoryTotals>(`/api/categories/totals?${new URLSearchParams({ ...period })}`, signal);

export const categoryTotalsQueryOptions = (period: Period) =>
  queryOptions({
    queryKey: [...queryKeys.categoryTotals, period.from, period.to] as const,
    queryFn: ({ signal }) => getCategoryTotals(period, signal),
    placeholderData: keepPreviousData,
  });

export const useCategoryTotals = (period: Period) => useQuery(categoryTotalsQueryOptions(period));
