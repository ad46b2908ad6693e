import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SystemStatus } from '@contract/system';
import { api } from '@web/lib/api-client';

const statusKey = ['system-status'] as const;

/** GET /api/system/status: every system's state (it answers even when the database is down). */
export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: statusKey,
    queryFn: ({ signal }) => api.get<SystemStatus>('/api/system/status', signal),
    refetchInterval: 30_000,
  });

export const useSystemStatus = () => useQuery(systemStatusQueryOptions());

/**
 * Test All Systems, as a customer may: every system checked again now (GET /api/system/status); the answer
 * replaces what the page shows. The live probes of POST /api/system/test are for operators, who call it with
 * their token, not from the browser.
 */
export function useTestAllSystems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get<SystemStatus>('/api/system/status'),
    onSuccess: (result) => queryClient.setQueryData<SystemStatus>(statusKey, result),
  });
}
