import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SecuritySettings, UpdateSecuritySettingsBody } from '@contract/security';
import { api } from '@web/lib/api-client';
import { securitySettingsKey } from './get-security-settings';

/**
 * PUT /api/user/security-settings: the whole set of toggles (turning alerts off with the password); answers
 * what is now stored.
 */
export const updateSecuritySettings = (body: UpdateSecuritySettingsBody) =>
  api.put<SecuritySettings>('/api/user/security-settings', body);

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSecuritySettings,
    onSuccess: (settings) => queryClient.setQueryData(securitySettingsKey, settings),
  });
}
