import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/lib/query-keys';

export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: ['invoices', 'list'] as const,
  summary: ['invoices', 'summary'] as const,
};

/**
 * After an invoice changes: its lists and cards, and what each client owes; a payment also moves wallets,
 * history and earnings.
 */
export function useRefreshInvoices() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [
      invoiceKeys.all,
      queryKeys.clients,
      queryKeys.wallets,
      queryKeys.transactions,
      queryKeys.analytics,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  };
}
