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
 * `confirming`: whether the client is back from the card processor's page and the webhook has not been
 * recorded yet (lib/card-return.ts); while it says so, the invoice is asked again every two seconds.
 */
export const usePublicInvoice = (
  token: string,
  confirming: (invoice: PublicInvoice | undefined) => boolean = () => false,
) =>
  useQuery({
    ...publicInvoiceQueryOptions(token),
    refetchInterval: (query) => (confirming(query.state.data) ? 2_000 : false),
  });

export const publicInvoicePdfUrl = (token: string) => `${pathOf(token)}/pdf`;

/**
 * POST /api/public/invoices/{token}/pay: the sandbox payment of `amount` (what is due now when left out); one
 * Idempotency-Key per payment, kept on retry.
 */
export function usePayInvoice(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, amount }: { key: string; amount?: string }) =>
      apiRequest<PublicInvoice>(`${pathOf(token)}/pay`, {
        method: 'POST',
        headers: { [IDEMPOTENCY_HEADER]: key },
        ...(amount !== undefined && { body: { amount } }),
      }),
    onSuccess: (paid) => queryClient.setQueryData(keyOf(token), paid),
  });
}

/**
 * POST /api/public/invoices/{token}/checkout: a card checkout for `amount`, then off to the processor's
 * page. The money is credited when the processor confirms the payment, not by this call.
 */
export function useCardCheckout(token: string) {
  return useMutation({
    mutationFn: ({
      idempotencyKey,
      quoteId,
      amount,
    }: {
      idempotencyKey: string;
      quoteId?: string;
      amount: string;
    }) =>
      apiRequest<CheckoutResponse>(`${pathOf(token)}/checkout`, {
        method: 'POST',
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        body: { amount, ...(quoteId && { quoteId }) },
      }),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
}

/**
 * POST /api/public/invoices/{token}/checkouts/{checkoutId}/cancel: the client came back from the card
 * processor's page without paying, so their checkout ends and what it held of the invoice is free again.
 */
export function useCancelCardCheckout(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkoutId: string) =>
      apiRequest<null>(`${pathOf(token)}/checkouts/${encodeURIComponent(checkoutId)}/cancel`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keyOf(token) }),
  });
}

/**
 * POST /api/public/invoices/{token}/card-quote: the fiat card price of `amount` of a BTC/ETH invoice, held for the quote
 * window; asked again as each window closes, so the price shown is always one the server still honours.
 */
export const useCardQuote = (token: string, amount: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ['card-quote', token, amount],
    queryFn: () =>
      apiRequest<CardQuote>(`${pathOf(token)}/card-quote`, {
        method: 'POST',
        ...(amount !== null && { body: { amount } }),
      }),
    enabled,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data ? Math.max(1_000, Date.parse(query.state.data.expiresAt) - Date.now() - 1_000) : false,
  });
