import { useMutation } from '@tanstack/react-query';
import type { Card, CardControls } from '@contract/cards';
import { api } from '@web/lib/api-client';
import { useRefreshCards } from './get-cards';

/** PUT /api/cards/{id}/controls: all five controls at once. */
export function useSetCardControls() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: ({ cardId, controls }: { cardId: string; controls: CardControls }) =>
      api.put<Card>(`/api/cards/${encodeURIComponent(cardId)}/controls`, controls),
    onSuccess: () => refresh(),
  });
}
