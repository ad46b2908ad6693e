import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { User } from '@contract/auth';
import { ApiError } from './api-client';
import { queryKeys } from './query-keys';

const sessionEnded = (error: unknown) => error instanceof ApiError && error.body?.code === 'UNAUTHENTICATED';

/** No retries, no refetch on focus, data never goes stale on its own. */
export function createQueryClient(): QueryClient {
  // A call that finds the session gone (idle timeout, signed out elsewhere) still fails with its
  // UNAUTHENTICATED error like any other, and also marks the visitor signed out so the guard takes them to
  // the landing page instead of a broken screen.
  const onError = (error: unknown) => {
    if (sessionEnded(error)) queryClient.setQueryData(queryKeys.me, null);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

/**
 * On sign-in and sign-out: drop everything cached for the previous user and record who is signed in now.
 * The `me` query stays in place (only its data changes) so the session guards never see it disappear.
 */
export function startSessionCache(queryClient: QueryClient, user: User | null) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
  queryClient.setQueryData(queryKeys.me, user);
}
