import { useMutation } from '@tanstack/react-query';
import type { Invoice } from '@contract/invoices';
import { api } from '@web/lib/api-client';
import { useRefreshInvoices } from './invoice-keys';

/** POST /api/invoices/{id}/resend: the invoice's email that could not be delivered, queued again. */
export function useResendInvoiceEmail() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: (id: string) => api.post<Invoice>(`/api/invoices/${encodeURIComponent(id)}/resend`),
    onSuccess: refresh,
  });
}
