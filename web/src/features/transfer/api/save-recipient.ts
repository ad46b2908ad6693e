import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRecipientBody, Recipient } from '@contract/recipients';
import { api } from '@web/lib/api-client';
import { recipientsQueryKey } from './get-recipients';

/** POST /api/recipients: remember someone by name (409 when the email is already saved). */
export const saveRecipient = (body: CreateRecipientBody) => api.post<Recipient>('/api/recipients', body);

export function useSaveRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRecipient,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: recipientsQueryKey }),
  });
}
