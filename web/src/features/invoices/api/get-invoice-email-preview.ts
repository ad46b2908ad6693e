import { useQuery } from '@tanstack/react-query';
import type { InvoiceEmailPreview } from '@contract/invoices';
import { api } from '@web/lib/api-client';
import { invoiceKeys } from './invoice-keys';

/** GET /api/invoices/{id}/email-preview: the email the client gets on sending, asked for while `enabled`. */
export const useInvoiceEmailPreview = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...invoiceKeys.all, 'email-preview', id],
    queryFn: ({ signal }) =>
      api.get<InvoiceEmailPreview>(`/api/invoices/${encodeURIComponent(id)}/email-preview`, signal),
    enabled,
    staleTime: 0,
  });
