import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisableTwoFactorBody } from '@contract/two-factor';
import { api } from '@web/lib/api-client';
import { twoFactorKey } from './get-two-factor';

/** POST /api/user/2fa/disable: needs the password and a code (from the app or a recovery code). */
export const disableTwoFactor = (body: DisableTwoFactorBody) =>
  api.post<unknown>('/api/user/2fa/disable', body);

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
