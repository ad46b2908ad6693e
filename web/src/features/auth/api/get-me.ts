import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User, UserResponse } from '@contract/auth';
import { api, isUnauthenticated } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** The signed-in user, or null when signed out: a 401 here is an answer, not a failure. */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  try {
    const { user } = await api.get<UserResponse>('/api/auth/me', signal);
    return user;
  } catch (error) {
    if (isUnauthenticated(error)) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.me, queryFn: ({ signal }) => getMe(signal) });

export const useMe = () => useQuery(meQueryOptions());
