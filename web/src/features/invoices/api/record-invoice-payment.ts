import { useMutation } from '@tanstack/react-query';
import type { Invoice } from '@contract/invoices';
import { apiRequest } from '@web/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@web/lib/idempotency';
import { useRefreshInvoices } from './invoice-keys';

/** POST /api/invoices/{id}/payments: a payment received some other way; one Idempotency-Key per dialog. */
export function useRecordInvoicePayment() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: ({ id, amount, key }: { id: string; amount: string; key: string }) =>
      apiRequest<Invoice>(`/api/invoices/${encodeURIComponent(id)}/payments`, {
        method: 'POST',
        headers: { [IDEMPOTENCY_HEADER]: key },
        body: { amount },
      }),
    onSuccess: refresh,
  });
}
