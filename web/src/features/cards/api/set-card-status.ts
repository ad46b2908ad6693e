import { useMutation } from '@tanstack/react-query';
import type { Card, CardStatusBody } from '@contract/cards';
import { api } from '@web/lib/api-client';
import { useRefreshCards } from './get-cards';

/** PUT /api/stripe/card/{cardId}/status: freeze (inactive), unfreeze or activate (active). */
export function useSetCardStatus() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: ({ cardId, status }: { cardId: string } & CardStatusBody) =>
      api.put<Card>(`/api/stripe/card/${encodeURIComponent(cardId)}/status`, { status }),
    onSuccess: () => refresh(),
  });
}
