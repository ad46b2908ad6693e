import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice, InvoiceListQuery } from '@contract/invoices';
import { api } from '@web/lib/api-client';
import { invoiceKeys } from './invoice-keys';

/** GET /api/invoices?status=&q=&clientId=: newest first. */
export const invoicesQueryOptions = (filter: InvoiceListQuery) =>
  queryOptions({
    queryKey: [...invoiceKeys.lists, filter],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (filter.status) params.set('status', filter.status);
      if (filter.q) params.set('q', filter.q);
      if (filter.clientId) params.set('clientId', filter.clientId);
      const query = params.toString();
      return api.get<Invoice[]>(`/api/invoices${query ? `?${query}` : ''}`, signal);
    },
    // Typing in the search keeps the last list on screen instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });

export const useInvoices = (filter: InvoiceListQuery) => useQuery(invoicesQueryOptions(filter));
