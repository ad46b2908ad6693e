import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountantAccess, ConfirmAccountantBody, InviteAccountantBody } from '@contract/accountants';
import { api } from '@web/lib/api-client';

const accessKey = ['user', 'accountants'] as const;

/** GET /api/accountants: invites pending and accountants with access, with when each last read the books. */
export const useAccountantAccess = () =>
  useQuery({
    queryKey: accessKey,
    queryFn: ({ signal }) => api.get<AccountantAccess[]>('/api/accountants', signal),
  });

/** POST /api/accountants/invites: mails the link. */
export function useInviteAccountant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteAccountantBody) => api.post<AccountantAccess>('/api/accountants/invites', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}

/** POST /api/accountants/{id}/confirm {password}: an access or invite put on hold stands again. */
export function useConfirmAccountant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      api.post<AccountantAccess>(`/api/accountants/${encodeURIComponent(id)}/confirm`, {
        password,
      } satisfies ConfirmAccountantBody),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}

/** DELETE /api/accountants/{id}: withdraws the invite or revokes the access, at once. */
export function useRevokeAccountant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/accountants/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accessKey }),
  });
}
