import { useMutation, useQueryClient } from '@tanstack/react-query';
import { attachedReceiptUrl, RECEIPT_FILE_FIELD, type ReceiptInfo } from '@contract/receipts';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * A receipt on a history row, shared by the history's detail and the card payment's answer (features do not
 * import each other). Both change what the history shows (its mark, "Missing receipts"), so both refresh it.
 */
export function useAttachReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    /** POST /api/transactions/:id/receipt as multipart/form-data (the server checks the bytes, not the name). */
    mutationFn: ({ transactionId, file }: { transactionId: string; file: File }) => {
      const form = new FormData();
      form.append(RECEIPT_FILE_FIELD, file);
      return api.post<ReceiptInfo>(attachedReceiptUrl(transactionId), form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
  });
}

/** DELETE /api/transactions/:id/receipt. */
export function useRemoveReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) => api.delete<void>(attachedReceiptUrl(transactionId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
  });
}
