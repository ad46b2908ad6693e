import { useMutation } from '@tanstack/react-query';
import type { Invoice, InvoiceStatus } from '@contract/invoices';
import { api } from '@web/lib/api-client';
import { useRefreshInvoices } from './invoice-keys';

/** PUT /api/invoices/{id}/status: `sent` sends a draft to its client; `paid` records a payment by hand. */
export function useSetInvoiceStatus() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: InvoiceStatus }) =>
      api.put<Invoice>(`/api/invoices/${encodeURIComponent(id)}/status`, { status }),
    onSuccess: refresh,
  });
}
