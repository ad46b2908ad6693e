import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@contract/categories';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export interface NewCategory {
  name: string;
  kind: 'income' | 'expense';
  deductible: boolean;
}

/** POST /api/categories, PATCH /api/categories/{id}, DELETE /api/categories/{id}. */
export const createCategory = (body: NewCategory) => api.post<Category>('/api/categories', body);
export const renameCategory = (id: string, name: string) =>
  api.patch<Category>(`/api/categories/${encodeURIComponent(id)}`, { name });
export const deleteCategory = (id: string) => api.delete<void>(`/api/categories/${encodeURIComponent(id)}`);

/** Any change to the categories may rename or refile rows: the list, the history and the totals read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.categories, queryKeys.transactions, queryKeys.categoryTotals, ['category-rules']].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export const useCreateCategory = () => useMutation({ mutationFn: createCategory, onSuccess: useRefresh() });
export const useRenameCategory = () =>
  useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameCategory(id, name),
    onSuccess: useRefresh(),
  });
export const useDeleteCategory = () => useMutation({ mutationFn: deleteCategory, onSuccess: useRefresh() });
