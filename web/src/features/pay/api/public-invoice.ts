import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicInvoice } from '@contract/invoices';
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

export const usePublicInvoice = (token: string) => useQuery(publicInvoiceQueryOptions(token));

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
