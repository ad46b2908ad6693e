import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@web/lib/query-keys';
import { getSessionUser } from './get-session-user';

export const meQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.me, queryFn: ({ signal }) => getSessionUser(signal) });

/** The signed-in user, or null when signed out. */
export const useMe = () => useQuery(meQueryOptions());
