import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthOptions, VerificationStatus, VerifyEmailResponse } from '@contract/email-verification';
import { api } from './api-client';
import { getAuthOptions } from './auth-options';
import { queryKeys } from './query-keys';

/**
 * Email verification, shared by the app shell (the banner), the profile and the /verify-email page: only a
 * verified address receives money sent by email.
 */
export const getVerificationStatus = (signal?: AbortSignal) =>
  api.get<VerificationStatus>('/api/auth/verification', signal);

export const useVerificationStatus = (enabled = true) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.emailVerification,
      queryFn: ({ signal }) => getVerificationStatus(signal),
      enabled,
    }),
  );

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/auth/verify-email/resend'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.emailVerification }),
  });
}

/** Opens a link's token. Whoever is signed in (if anyone) sees their new status and any money that landed. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<VerifyEmailResponse>('/api/auth/verify-email', { token }),
    onSuccess: () => {
      for (const queryKey of [
        queryKeys.emailVerification,
        queryKeys.me,
        queryKeys.user,
        queryKeys.wallets,
        queryKeys.transactions,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}

/** What this server offers before sign-in: the demo exists only on a sandbox server. */
export const useAuthOptions = () =>
  useQuery({
    queryKey: ['auth', 'options'],
    queryFn: (): Promise<AuthOptions> => getAuthOptions(),
    staleTime: Infinity,
  });
