import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Recipient } from '@contract/recipients';
import { api } from '@web/lib/api-client';
import { recipientsQueryKey } from './get-recipients';

/** DELETE /api/recipients/{id}: forget a saved recipient (past transfers keep them under "recent"). */
export const deleteRecipient = (id: string) => api.delete<void>(`/api/recipients/${encodeURIComponent(id)}`);

export function useDeleteRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecipient,
    onSuccess: (_, id) => {
      queryClient.setQueryData<Recipient[]>(recipientsQueryKey, (list) =>
        list?.filter((recipient) => recipient.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: recipientsQueryKey });
    },
  });
}
