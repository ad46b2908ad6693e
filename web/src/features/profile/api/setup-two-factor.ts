import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetup } from '@contract/two-factor';
import { api } from '@web/lib/api-client';

/** POST /api/user/2fa/setup: a new pending secret (QR code and the secret to type in). */
export const setupTwoFactor = () => api.post<TwoFactorSetup>('/api/user/2fa/setup');

export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });
