import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@contract/two-factor';
import { api } from '@web/lib/api-client';

export const twoFactorKey = ['user', 'two-factor'] as const;

/** GET /api/user/2fa: on or off, and how many recovery codes are left. */
export const getTwoFactor = (signal?: AbortSignal) => api.get<TwoFactorStatus>('/api/user/2fa', signal);

export const twoFactorQuery = () =>
  queryOptions({ queryKey: twoFactorKey, queryFn: ({ signal }) => getTwoFactor(signal) });

export const useTwoFactor = () => useQuery(twoFactorQuery());
