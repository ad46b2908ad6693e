import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderStatus } from '@contract/cards';
import { api } from '@web/lib/api-client';

/** GET /api/stripe/status: whether new cards come from Stripe Issuing (else demo cards). */
export const providerStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['cards', 'provider'] as const,
    queryFn: ({ signal }) => api.get<ProviderStatus>('/api/stripe/status', signal),
  });

export const useProviderStatus = () => useQuery(providerStatusQueryOptions());
