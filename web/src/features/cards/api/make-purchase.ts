import { useMutation } from '@tanstack/react-query';
import type { PurchaseBody, PurchaseResult } from '@contract/cards';
import { apiRequest } from '@web/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@web/lib/idempotency';
import { useRefreshCards } from './get-cards';

export interface PurchaseInput {
  cardId: string;
  body: PurchaseBody;
  /** One per dialog opening; the same on a retry. */
  idempotencyKey: string;
}

/** POST /api/cards/{id}/purchases: the purchase simulator. A decline is an answer (approved: false), not an error. */
export function useMakePurchase() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: ({ cardId, body, idempotencyKey }: PurchaseInput) =>
      apiRequest<PurchaseResult>(`/api/cards/${encodeURIComponent(cardId)}/purchases`, {
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    onSuccess: () => refresh({ money: true }),
  });
}
