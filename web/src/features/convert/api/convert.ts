import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConvertBody, ConvertResponse } from '@contract/fx';
import { apiRequest } from '@web/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@web/lib/idempotency';
import { queryKeys } from '@web/lib/query-keys';

export interface ConvertInput {
  body: ConvertBody;
  /** One per confirmation dialog; the same one when the person retries after a network error. */
  idempotencyKey: string;
}

/** POST /api/convert: exchanges between the user's own wallets (amount + 0.5% fee leave the source). */
export const convert = ({ body, idempotencyKey }: ConvertInput) =>
  apiRequest<ConvertResponse>('/api/convert', {
    method: 'POST',
    body,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });

export function useConvert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convert,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
    },
  });
}
