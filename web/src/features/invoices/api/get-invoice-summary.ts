import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceSummary } from '@contract/invoices';
import { api } from '@web/lib/api-client';
import { invoiceKeys } from './invoice-keys';

/** GET /api/invoices/summary: the four cards, in the home currency. */
export const invoiceSummaryQueryOptions = () =>
  queryOptions({
    queryKey: invoiceKeys.summary,
    queryFn: ({ signal }) => api.get<InvoiceSummary>('/api/invoices/summary', signal),
  });

export const useInvoiceSummary = () => useQuery(invoiceSummaryQueryOptions());
