import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicInvoice } from '@contract/invoices';
import type { CardQuote, CheckoutResponse } from '@contract/payments';
import { api, apiRequest } from '@web/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@web/lib/idempotency';

const keyOf = (token: string) => ['public-invoice', token] as const;
const pathOf = (token: string) => `/api/public/invoices/${encodeURIComponent(token)}`;

/** GET /api/public/invoices/{token}: the invoice as its client sees it (no session). */
export const publicInvoiceQueryOptions = (token: string) =>
  queryOptions({
    queryKey: keyOf(token),
    queryFn: ({ signal }) => api.get<PublicInvoice>(pathOf(token), signal),
  });

/**
 * `confirming`: the client is back from the card processor's page and the webhook may not have arrived yet,
 * so the invoice is asked again every two seconds until it says paid.
 */
export const usePublicInvoice = (token: string, confirming = false) =>
  useQuery({
    ...publicInvoiceQueryOptions(token),
    refetchInterval: (query) => (confirming && query.state.data?.status !== 'paid' ? 2_000 : false),
  });

export const publicInvoicePdfUrl = (token: string) => `${pathOf(token)}/pdf`;

/** POST /api/public/invoices/{token}/pay: the sandbox payment; one Idempotency-Key per page, kept on retry. */
export function usePayInvoice(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      apiRequest<PublicInvoice>(`${pathOf(token)}/pay`, {
        method: 'POST',
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    onSuccess: (paid) => queryClient.setQueryData(keyOf(token), paid),
  });
}

/**
 * POST /api/public/invoices/{token}/checkout: a card checkout for what is due, then off to the processor's
 * page. The money is credited when the processor confirms the payment, not by this call.
 */
export function useCardCheckout(token: string) {
  return useMutation({
    mutationFn: ({ idempotencyKey, quoteId }: { idempotencyKey: string; quoteId?: string }) =>
      apiRequest<CheckoutResponse>(`${pathOf(token)}/checkout`, {
        method: 'POST',
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        ...(quoteId && { body: { quoteId } }),
      }),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
}

/**
 * POST /api/public/invoices/{token}/card-quote: a BTC/ETH invoice's fiat card price, held for the quote
 * window; asked again as each window closes, so the price shown is always one the server still honours.
 */
export const useCardQuote = (token: string, enabled: boolean) =>
  useQuery({
    queryKey: ['card-quote', token],
    queryFn: () => apiRequest<CardQuote>(`${pathOf(token)}/card-quote`, { method: 'POST' }),
    enabled,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data ? Math.max(1_000, Date.parse(query.state.data.expiresAt) - Date.now() - 1_000) : false,
  });
