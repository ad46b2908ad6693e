import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavingsGoal } from '@contract/goals';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** GET /api/savings-goals: the goals the profile may name as the tax goal. */
export const getGoals = (signal?: AbortSignal) => api.get<SavingsGoal[]>('/api/savings-goals', signal);

export const goalsQuery = () =>
  queryOptions({ queryKey: queryKeys.goals, queryFn: ({ signal }) => getGoals(signal) });

export const useGoals = () => useQuery(goalsQuery());
