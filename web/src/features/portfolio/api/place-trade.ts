import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TradeBody, TradingOrder } from '@contract/trading';
import { apiRequest } from '@web/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@web/lib/idempotency';
import { invalidateTrading } from './invalidate-trading';

export interface PlaceTradeInput {
  body: TradeBody;
  /** One per confirmation of one set of figures; the same one when the person retries after a lost answer. */
  idempotencyKey: string;
}

/**
 * POST /api/trade: a market order (price null) fills at once, at the quote's price when `quoteId` is still
 * held; a limit order reserves its funds and waits. 409 QUOTE_EXPIRED means nothing happened: ask again.
 */
export const placeTrade = ({ body, idempotencyKey }: PlaceTradeInput) =>
  apiRequest<TradingOrder>('/api/trade', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export function usePlaceTrade() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: placeTrade, onSuccess: () => invalidateTrading(queryClient) });
}
