import { useMutation } from '@tanstack/react-query';
import type { Card, CardLimits } from '@contract/cards';
import { api } from '@web/lib/api-client';
import { useRefreshCards } from './get-cards';

/** PUT /api/cards/{id}/limits: all four limits at once (null: none). */
export function useSetCardLimits() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: ({ cardId, limits }: { cardId: string; limits: CardLimits }) =>
      api.put<Card>(`/api/cards/${encodeURIComponent(cardId)}/limits`, limits),
    onSuccess: () => refresh(),
  });
}
