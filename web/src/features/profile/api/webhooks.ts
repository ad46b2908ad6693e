import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookSecretAnswer,
} from '@contract/webhooks';
import { api } from '@web/lib/api-client';

const endpointsKey = ['user', 'webhooks'] as const;
const deliveriesKey = (id: string) => ['user', 'webhooks', id, 'deliveries'] as const;
const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

/** GET /api/webhooks: the user's endpoints with their state (failing, turned off). */
export const useWebhookEndpoints = () =>
  useQuery({
    queryKey: endpointsKey,
    queryFn: ({ signal }) => api.get<{ endpoints: WebhookEndpoint[] }>('/api/webhooks', signal),
    select: (answer) => answer.endpoints,
  });

/** GET /api/webhooks/{id}/deliveries: the newest deliveries, each with its tries; refreshed while one is pending. */
export const useWebhookDeliveries = (id: string) =>
  useQuery({
    queryKey: deliveriesKey(id),
    queryFn: ({ signal }) => api.get<WebhookDeliveryList>(`${path(id)}/deliveries`, signal),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? 2000 : false,
  });

function useInvalidating<T, A>(run: (arg: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

/** POST /api/webhooks: answers the signing secret, shown this once. */
export const useCreateWebhook = () =>
  useInvalidating((body: CreateWebhookBody) => api.post<WebhookSecretAnswer>('/api/webhooks', body));

export const useUpdateWebhook = () =>
  useInvalidating(({ id, body }: { id: string; body: UpdateWebhookBody }) =>
    api.patch<WebhookEndpoint>(path(id), body),
  );

export const useDeleteWebhook = () => useInvalidating((id: string) => api.delete<unknown>(path(id)));

/** POST /api/webhooks/{id}/rotate-secret: a new secret, shown once; the old one signs too for a day. */
export const useRotateWebhookSecret = () =>
  useInvalidating((id: string) => api.post<WebhookSecretAnswer>(`${path(id)}/rotate-secret`));

/** POST /api/webhooks/{id}/test: a ping event to this endpoint. */
export const useTestWebhook = () =>
  useInvalidating((id: string) => api.post<WebhookDelivery>(`${path(id)}/test`));

/** POST /api/webhooks/deliveries/{id}/redeliver: the same event again, with a fresh day of retries. */
export const useRedeliverWebhook = () =>
  useInvalidating((id: string) =>
    api.post<WebhookDelivery>(`/api/webhooks/deliveries/${encodeURIComponent(id)}/redeliver`),
  );
