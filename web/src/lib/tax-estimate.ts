import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxEstimateAnswer } from '@contract/tax';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/tax/estimate: the tax profile and this tax year's estimate (both null until a profile is set up).
 * Shared by the dashboard's tax card and the Tax page (one cache entry).
 */
export const getTaxEstimate = (signal?: AbortSignal) =>
  api.get<TaxEstimateAnswer>('/api/tax/estimate', signal);

export const taxEstimateQuery = () =>
  queryOptions({ queryKey: [...queryKeys.tax, 'estimate'], queryFn: ({ signal }) => getTaxEstimate(signal) });

export const useTaxEstimate = () => useQuery(taxEstimateQuery());

export const TAX_PAGE_PATH = '/books/tax';
