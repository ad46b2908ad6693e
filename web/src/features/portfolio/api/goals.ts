import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateGoalBody, SavingsGoal } from '@contract/goals';
import { api, apiRequest } from '@web/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@web/lib/idempotency';
import { queryKeys } from '@web/lib/query-keys';

const goalsKey = queryKeys.goals;

/** GET /api/savings-goals: the user's goals with progress, oldest first. */
export const goalsQueryOptions = () =>
  queryOptions({
    queryKey: goalsKey,
    queryFn: ({ signal }) => api.get<SavingsGoal[]>('/api/savings-goals', signal),
  });

export const useGoals = () => useQuery(goalsQueryOptions());

function useRefreshGoals() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: goalsKey });
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
    void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
  };
}

export function useCreateGoal() {
  const refresh = useRefreshGoals();
  return useMutation({
    mutationFn: (body: CreateGoalBody) => api.post<SavingsGoal>('/api/savings-goals', body),
    onSuccess: refresh,
  });
}

export interface GoalMoveInput {
  goalId: string;
  action: 'contribute' | 'withdraw';
  amount: string;
  /** One per dialog opening; the same on a retry. */
  idempotencyKey: string;
}

/** POST /api/savings-goals/{id}/contribute|withdraw: between the goal and the wallet of its currency. */
export function useMoveGoalMoney() {
  const refresh = useRefreshGoals();
  return useMutation({
    mutationFn: ({ goalId, action, amount, idempotencyKey }: GoalMoveInput) =>
      apiRequest<SavingsGoal>(`/api/savings-goals/${encodeURIComponent(goalId)}/${action}`, {
        method: 'POST',
        body: { amount },
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    onSuccess: refresh,
  });
}

export function useDeleteGoal() {
  const refresh = useRefreshGoals();
  return useMutation({
    mutationFn: (goalId: string) => api.delete<unknown>(`/api/savings-goals/${encodeURIComponent(goalId)}`),
    onSuccess: refresh,
  });
}
