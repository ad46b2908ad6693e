import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransactionNote } from '@contract/categories';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** PUT /api/transactions/{id}/category: null gives the row back to Meridian's guess. */
export const setRowCategory = (id: string, category: string | null) =>
  api.put<{ id: string; category: string }>(`/api/transactions/${encodeURIComponent(id)}/category`, {
    category,
  });

/** PUT /api/transactions/{id}/note: empty text removes the note. */
export const setRowNote = (id: string, text: string) =>
  api.put<{ id: string; note: TransactionNote | null }>(`/api/transactions/${encodeURIComponent(id)}/note`, {
    text,
  });

/** After either, the history pages and the Books totals read again. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
      queryClient.invalidateQueries({ queryKey: queryKeys.categoryTotals }),
    ]);
}

export function useSetRowCategory() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, category }: { id: string; category: string | null }) => setRowCategory(id, category),
    onSuccess: refresh,
  });
}

export function useSetRowNote() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => setRowNote(id, text),
    onSuccess: refresh,
  });
}
