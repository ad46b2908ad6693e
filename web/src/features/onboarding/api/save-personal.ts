import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycApplication, PersonalInfo } from '@contract/kyc';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** PUT /api/kyc/personal */
export const savePersonal = (body: PersonalInfo) => api.put<KycApplication>('/api/kyc/personal', body);

export function useSavePersonal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePersonal,
    onSuccess: (application) => queryClient.setQueryData(queryKeys.kyc, application),
  });
}
