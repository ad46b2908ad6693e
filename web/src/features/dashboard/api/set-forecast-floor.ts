import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForecastFloorBody } from '@contract/forecast';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

/** PUT /api/forecast/floors: the balance a wallet should not go below ("0.00" removes it). */
export const setForecastFloor = (body: ForecastFloorBody) => api.put<unknown>('/api/forecast/floors', body);

export function useSetForecastFloor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setForecastFloor,
    // The warnings are worked out against the floors: every forecast window reloads.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.forecast }),
  });
}
