import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import { useRefreshInvoices } from './invoice-keys';

/** DELETE /api/invoices/{id}: a draft only (the newest, so the numbering keeps no gap). */
export function useDeleteInvoice() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/invoices/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
}
