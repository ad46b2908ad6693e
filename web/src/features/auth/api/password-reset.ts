import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PasswordResetAccepted,
  PasswordResetConfirmBody,
  PasswordResetRequestBody,
} from '@contract/password-reset';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** POST /api/auth/password-reset: the same answer whether or not an account has the address. */
export const requestPasswordReset = (body: PasswordResetRequestBody) =>
  api.post<PasswordResetAccepted>('/api/auth/password-reset', body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

/** POST /api/auth/password-reset/confirm: the new password; every session of the account ends. */
export const confirmPasswordReset = (body: PasswordResetConfirmBody) =>
  api.post<void>('/api/auth/password-reset/confirm', body);

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    // This browser's own session (if it had one for the account) has ended too.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });
}
