import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxProfile, TaxProfileBody } from '@contract/tax';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** PUT /api/tax/profile: the estimate (dashboard card and this page) is read again after. */
export function useSaveTaxProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxProfileBody) => api.put<TaxProfile>('/api/tax/profile', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.tax }),
  });
}
