import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepositResponse, Wallet } from '@contract/wallets';
import { apiRequest } from '@web/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@web/lib/idempotency';
import { queryKeys } from '@web/lib/query-keys';

export interface DepositInput {
  walletId: string;
  /** Decimal string in the wallet's currency: amounts never travel as JSON numbers. */
  amount: string;
  /** One per Add Funds action; the same one when retrying it. */
  idempotencyKey: string;
}

/** POST /api/wallets/{id}/deposit: a sandbox top-up from outside Meridian. */
export const deposit = ({ walletId, amount, idempotencyKey }: DepositInput) =>
  apiRequest<DepositResponse>(`/api/wallets/${encodeURIComponent(walletId)}/deposit`, {
    method: 'POST',
    body: { amount },
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export function useDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deposit,
    onSuccess: ({ wallet }) => {
      // Show the new balance at once, then reload everything a deposit touches.
      queryClient.setQueryData<Wallet[]>(queryKeys.wallets, (wallets) =>
        wallets?.map((each) => (each.id === wallet.id ? wallet : each)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
    },
  });
}
