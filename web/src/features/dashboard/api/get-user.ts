import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@contract/auth';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/**
 * GET /api/user for the Receive dialog's name and email. The same key as the profile screen's query, so one
 * cache entry serves both and a profile edit shows here at once.
 */
export const getUser = (signal?: AbortSignal) => api.get<User>('/api/user', signal);

export const userQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user, queryFn: ({ signal }) => getUser(signal) });

export const useUser = () => useQuery(userQueryOptions());
