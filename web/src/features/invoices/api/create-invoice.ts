import { useMutation } from '@tanstack/react-query';
import type { CreateInvoiceBody, Invoice } from '@contract/invoices';
import { api } from '@web/lib/api-client';
import { useRefreshInvoices } from './invoice-keys';

/** POST /api/invoices: a new draft, numbered by the server. */
export function useCreateInvoice() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: (body: CreateInvoiceBody) => api.post<Invoice>('/api/invoices', body),
    onSuccess: refresh,
  });
}
