import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FailedMailList } from '@contract/system';
import { api } from '@web/lib/api-client';

const failedMailKey = ['system-status', 'failed-mail'] as const;

/**
 * GET /api/system/mail/failed: the emails Meridian gave up on, for operators. The operator's token reaches
 * the server as it does for System Status itself; the page shows this only when the status says it is an
 * operator.
 */
export const failedMailQueryOptions = () =>
  queryOptions({
    queryKey: failedMailKey,
    queryFn: ({ signal }) => api.get<FailedMailList>('/api/system/mail/failed', signal),
    refetchInterval: 30_000,
  });

export const useFailedMail = () => useQuery(failedMailQueryOptions());

/** POST /api/system/mail/failed/{id}/retry: the email gets a new day of attempts, starting now. */
export function useRetryFailedMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<void>(`/api/system/mail/failed/${encodeURIComponent(id)}/retry`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: failedMailKey }),
  });
}
