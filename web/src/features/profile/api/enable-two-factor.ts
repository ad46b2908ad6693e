import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnableTwoFactorBody, RecoveryCodes } from '@contract/two-factor';
import { api } from '@web/lib/api-client';
import { twoFactorKey } from './get-two-factor';

/** POST /api/user/2fa/enable: confirms the pending secret; answers the ten recovery codes (shown once). */
export const enableTwoFactor = (body: EnableTwoFactorBody) =>
  api.post<RecoveryCodes>('/api/user/2fa/enable', body);

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}
