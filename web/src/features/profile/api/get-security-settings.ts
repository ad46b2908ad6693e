import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecuritySettings } from '@contract/security';
import { api } from '@web/lib/api-client';

export const securitySettingsKey = ['user', 'security-settings'] as const;

/** GET /api/user/security-settings: the toggles (sign-in alerts). */
export const getSecuritySettings = (signal?: AbortSignal) =>
  api.get<SecuritySettings>('/api/user/security-settings', signal);

export const securitySettingsQuery = () =>
  queryOptions({ queryKey: securitySettingsKey, queryFn: ({ signal }) => getSecuritySettings(signal) });

export const useSecuritySettings = () => useQuery(securitySettingsQuery());
