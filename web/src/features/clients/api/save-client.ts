import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client, CreateClientBody, UpdateClientBody } from '@contract/clients';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** POST /api/clients (409 when the email is already a client's), or PATCH /api/clients/{id} with `id`. */
export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateClientBody | UpdateClientBody }) =>
      id
        ? api.patch<Client>(`/api/clients/${encodeURIComponent(id)}`, body)
        : api.post<Client>('/api/clients', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.clients }),
  });
}

/** DELETE /api/clients/{id}: the client goes; their invoices keep the details they were made with. */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/clients/${encodeURIComponent(id)}`),
    onSuccess: (_, id) => {
      queryClient.setQueryData<Client[]>(queryKeys.clients, (list) => list?.filter((each) => each.id !== id));
      void queryClient.invalidateQueries({ queryKey: queryKeys.clients });
    },
  });
}
