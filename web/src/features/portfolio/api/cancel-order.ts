import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { invalidateTrading } from './invalidate-trading';

/** DELETE /api/trading-orders/{id}: cancel a pending limit order; its reserved funds go back to the wallet. */
export const cancelOrder = (id: string) => api.delete<void>(`/api/trading-orders/${encodeURIComponent(id)}`);

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelOrder, onSuccess: () => invalidateTrading(queryClient) });
}
