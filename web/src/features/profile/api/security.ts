import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSession,
  ChangePasswordBody,
  EndOtherSessionsAnswer,
  EndOtherSessionsBody,
} from '@contract/security';
import { api } from '@web/lib/api-client';

const sessionsKey = ['user', 'sessions'] as const;

/** GET /api/user/sessions: where the account is signed in, this browser marked. */
export const useSessions = () =>
  useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api.get<AccountSession[]>('/api/user/sessions', signal),
  });

function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: sessionsKey });
}

/** DELETE /api/user/sessions/{id}: signs that browser out. */
export function useEndSession() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/user/sessions/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}

/**
 * DELETE /api/user/sessions {password, revokeStandingCredentials}: every session but this one and, if asked,
 * every API key, webhook secret and accountant access too (so their lists are read again).
 */
export function useEndOtherSessions() {
  const refresh = useRefreshSessions();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndOtherSessionsBody) =>
      api.delete<EndOtherSessionsAnswer>('/api/user/sessions', body),
    onSuccess: (answer) => {
      refresh();
      if (answer.revoked) void queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

/** POST /api/user/password: every other session ends with it. */
export function useChangePassword() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<unknown>('/api/user/password', body),
    onSuccess: refresh,
  });
}
