import { useQuery } from '@tanstack/react-query';
import type { Currency } from '@contract/currencies';
import type { TransferQuote } from '@contract/transfers';
import { api } from '@web/lib/api-client';

/**
 * How a transfer would reach its recipient, asked before confirming (POST /api/transactions/quote with the
 * recipient): instantly, held until the address is verified, or a demo's simulated payout. A 422
 * DEMO_ACCOUNT comes back as the query's error.
 */
export function useTransferDelivery(input: {
  amount: string;
  fromCurrency: Currency;
  toCurrency: Currency;
  recipientEmail: string;
}) {
  return useQuery({
    queryKey: ['transfer-delivery', input],
    queryFn: () => api.post<TransferQuote>('/api/transactions/quote', input),
    retry: false,
    staleTime: 30_000,
  });
}
