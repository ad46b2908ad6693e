import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@contract/auth';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/user: the signed-in user's profile. The profile screen and the Receive dialog share this one query
 * (one cache entry), so a profile edit shows in both at once.
 */
const getUser = (signal?: AbortSignal) => api.get<User>('/api/user', signal);

const userQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user, queryFn: ({ signal }) => getUser(signal) });

export const useUser = () => useQuery(userQueryOptions());
