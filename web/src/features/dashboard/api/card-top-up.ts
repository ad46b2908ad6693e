import { useMutation, useQuery } from '@tanstack/react-query';
import type { CheckoutResponse, PaymentOptions, TopUpBody } from '@contract/payments';
import { api, apiRequest } from '@web/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@web/lib/idempotency';

/** GET /api/payments/options: whether Add Funds is the sandbox deposit, a card top-up, or neither. */
export const usePaymentOptions = () =>
  useQuery({
    queryKey: ['payment-options'],
    queryFn: ({ signal }) => api.get<PaymentOptions>('/api/payments/options', signal),
    staleTime: Infinity,
  });

/**
 * POST /api/payments/top-ups: a card checkout for the wallet, then off to the card processor's page. The
 * wallet is credited when the processor confirms the payment (a live notification says so), not by this call.
 */
export function useCardTopUp() {
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: TopUpBody & { idempotencyKey: string }) =>
      apiRequest<CheckoutResponse>('/api/payments/top-ups', {
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
}
