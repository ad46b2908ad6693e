import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycApplication } from '@contract/kyc';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/kyc: the identity verification application with the verification level and this month's limit.
 * Shared by the wizard, the profile's account status and the dashboard's call to action (one cache entry).
 */
export const getKyc = (signal?: AbortSignal) => api.get<KycApplication>('/api/kyc', signal);

export const kycQuery = () =>
  queryOptions({ queryKey: queryKeys.kyc, queryFn: ({ signal }) => getKyc(signal) });

export const useKyc = () => useQuery(kycQuery());
