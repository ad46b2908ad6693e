import { useMutation } from '@tanstack/react-query';
import type { RevealedCard } from '@contract/cards';
import { api } from '@web/lib/api-client';

/**
 * POST /api/cards/{id}/reveal: the full details, after the password again. A mutation, never a query: the
 * answer is not cached, and the dialog drops it when it hides the details.
 */
export const useRevealCard = () =>
  useMutation({
    mutationFn: ({ cardId, password }: { cardId: string; password: string }) =>
      api.post<RevealedCard>(`/api/cards/${encodeURIComponent(cardId)}/reveal`, { password }),
  });
