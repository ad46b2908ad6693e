import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@contract/invoices';
import { api } from '@web/lib/api-client';
import { invoiceKeys } from './invoice-keys';

/** GET /api/invoices/{id}: one invoice, shown at once from the list it was picked in and then refreshed. */
export const invoiceQueryOptions = (invoice: Invoice) =>
  queryOptions({
    queryKey: [...invoiceKeys.all, 'detail', invoice.id],
    queryFn: ({ signal }) => api.get<Invoice>(`/api/invoices/${encodeURIComponent(invoice.id)}`, signal),
    // Shown at once from the list, then asked again: the list may be older than the email's delivery.
    initialData: invoice,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    // While its email waits for the mail server, look again every few seconds until it goes (or fails).
    refetchInterval: (query) => (query.state.data?.email?.status === 'pending' ? 2_000 : false),
  });

export const useInvoice = (invoice: Invoice) => useQuery(invoiceQueryOptions(invoice));

/** The invoice an address names (/invoices?invoice=<id>, linked from the forecast), with no list to start from. */
export const useLinkedInvoice = (id: string | null) =>
  useQuery({
    queryKey: [...invoiceKeys.all, 'detail', id],
    queryFn: ({ signal }) => api.get<Invoice>(`/api/invoices/${encodeURIComponent(id ?? '')}`, signal),
    enabled: id !== null,
  });

export const invoicePdfUrl = (id: string) => `/api/invoices/${encodeURIComponent(id)}/pdf`;
