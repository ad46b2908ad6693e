import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SystemStatus, SystemTest } from '@contract/system';
import { api } from '@web/lib/api-client';

const statusKey = ['system-status'] as const;

/** GET /api/system/status: every integration's state (it answers even when the database is down). */
export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: statusKey,
    queryFn: ({ signal }) => api.get<SystemStatus>('/api/system/status', signal),
    refetchInterval: 30_000,
  });

export const useSystemStatus = () => useQuery(systemStatusQueryOptions());

/** POST /api/system/test: live probes; the answer replaces what the page shows. */
export function useTestAllSystems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SystemTest>('/api/system/test'),
    onSuccess: (result) => queryClient.setQueryData<SystemStatus>(statusKey, result),
  });
}
