import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferBody, TransferResponse } from '@contract/transfers';
import { apiRequest } from '@web/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@web/lib/idempotency';
import { queryKeys } from '@web/lib/query-keys';
import { recipientsQueryKey } from './get-recipients';

export interface SendTransferInput {
  body: TransferBody;
  /** One per confirmation; the same one when the person retries it after a lost answer. */
  idempotencyKey: string;
}

/**
 * POST /api/transactions: send money. The server prices it again, decides the status (completed for a
 * Meridian user, pending for an external payout) and debits amount + fee in one ledger entry.
 */
export const sendTransfer = ({ body, idempotencyKey }: SendTransferInput) =>
  apiRequest<TransferResponse>('/api/transactions', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export function useSendTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTransfer,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      void queryClient.invalidateQueries({ queryKey: queryKeys.analytics });
      void queryClient.invalidateQueries({ queryKey: recipientsQueryKey });
    },
  });
}
