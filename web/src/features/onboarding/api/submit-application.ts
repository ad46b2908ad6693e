import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycApplication } from '@contract/kyc';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** POST /api/kyc/submit */
export const submitApplication = () => api.post<KycApplication>('/api/kyc/submit');

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: (application) => queryClient.setQueryData(queryKeys.kyc, application),
  });
}
