import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyList, CreateApiKeyBody, CreatedApiKey } from '@contract/api-keys';
import { api } from '@web/lib/api-client';

const keysKey = ['user', 'api-keys'] as const;

/** GET /api/api-keys: the keys not revoked, newest first, never their secrets. */
export const useApiKeys = () =>
  useQuery({
    queryKey: keysKey,
    queryFn: ({ signal }) => api.get<ApiKeyList>('/api/api-keys', signal),
  });

/** POST /api/api-keys: the new key with its secret, which is never shown again. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api.post<CreatedApiKey>('/api/api-keys', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}

/** DELETE /api/api-keys/{id}: the key stops working at once, in every server process. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/api/api-keys/${encodeURIComponent(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}
