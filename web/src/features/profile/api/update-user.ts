import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody, User } from '@contract/auth';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export const updateUser = (body: UpdateUserBody) => api.patch<User>('/api/user', body);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user, user);
      // The header's avatar shows the signed-in user's email initials.
      queryClient.setQueryData(queryKeys.me, user);
      // A change of email waits for its confirmation; the banner and the status card say so.
      void queryClient.invalidateQueries({ queryKey: queryKeys.emailVerification });
    },
  });
}
