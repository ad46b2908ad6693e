import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@contract/auth';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export const getUser = (signal?: AbortSignal) => api.get<User>('/api/user', signal);

export const userQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user, queryFn: ({ signal }) => getUser(signal) });

export const useUser = () => useQuery(userQueryOptions());
