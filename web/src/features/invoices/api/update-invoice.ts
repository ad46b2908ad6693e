import { useMutation } from '@tanstack/react-query';
import type { Invoice, UpdateInvoiceBody } from '@contract/invoices';
import { api } from '@web/lib/api-client';
import { useRefreshInvoices } from './invoice-keys';

/** PATCH /api/invoices/{id}: a draft's new content (a sent invoice is a 409). */
export function useUpdateInvoice() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateInvoiceBody }) =>
      api.patch<Invoice>(`/api/invoices/${encodeURIComponent(id)}`, body),
    onSuccess: refresh,
  });
}
