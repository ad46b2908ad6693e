import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse, User } from '@contract/auth';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The signed-in user, or null when signed out. Asked of /api/auth/session, which answers a signed-out visitor
 * with 200 and `user: null`: /api/auth/me's 401 would show as a red error in every visitor's console.
 */
export async function getMe(signal?: AbortSignal): Promise<User | null> {
  const { user } = await api.get<SessionResponse>('/api/auth/session', signal);
  return user;
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.me, queryFn: ({ signal }) => getMe(signal) });

export const useMe = () => useQuery(meQueryOptions());
