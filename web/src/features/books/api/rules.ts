import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryRuleView, RuleResult } from '@contract/categories';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

const rulesKey = ['category-rules'] as const;

/** GET /api/categories/rules: the rules standing now, newest first. */
export const rulesQueryOptions = () =>
  queryOptions({
    queryKey: rulesKey,
    queryFn: ({ signal }) => api.get<CategoryRuleView[]>('/api/categories/rules', signal),
  });
export const useRules = () => useQuery(rulesQueryOptions());

export interface NewRule {
  contains: string;
  categoryId: string;
  applyToPast: boolean;
}

/** POST /api/categories/rules and DELETE /api/categories/rules/{id}. */
export const createRule = (body: NewRule) => api.post<RuleResult>('/api/categories/rules', body);
export const deleteRule = (id: string) => api.delete<void>(`/api/categories/rules/${encodeURIComponent(id)}`);

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [rulesKey, queryKeys.transactions, queryKeys.categoryTotals].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export const useCreateRule = () => useMutation({ mutationFn: createRule, onSuccess: useRefresh() });
export const useDeleteRule = () => useMutation({ mutationFn: deleteRule, onSuccess: useRefresh() });
