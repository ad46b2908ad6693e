import { useMutation } from '@tanstack/react-query';
import type { Card, CreateCardBody } from '@contract/cards';
import { api } from '@web/lib/api-client';
import { useRefreshCards } from './get-cards';

/** POST /api/stripe/create-card: a virtual card (active at once) or a physical one (ordered). */
export function useCreateCard() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: (body: CreateCardBody) => api.post<Card>('/api/stripe/create-card', body),
    onSuccess: () => refresh({ money: true }),
  });
}
