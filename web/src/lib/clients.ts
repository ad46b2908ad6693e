import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Client } from '@contract/clients';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/clients. Shared (not the Clients screen's own endpoint file) because the invoice form picks a
 * client from the same list and the invoice list filters by it; invoice changes refresh it by
 * `queryKeys.clients`, since what each client owes moves with them.
 */
export const clientsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.clients,
    queryFn: ({ signal }) => api.get<Client[]>('/api/clients', signal),
  });

export const useClients = () => useQuery(clientsQueryOptions());
