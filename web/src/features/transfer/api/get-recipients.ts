import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Recipient } from '@contract/recipients';
import { api } from '@web/lib/api-client';

/** Only Send Money shows recipients; a transfer and saving or removing one refresh them by this key. */
export const recipientsQueryKey = ['recipients'] as const;

/** GET /api/recipients: saved recipients and the people recently paid, most recently used first. */
export const getRecipients = (signal?: AbortSignal) => api.get<Recipient[]>('/api/recipients', signal);

export const recipientsQueryOptions = () =>
  queryOptions({ queryKey: recipientsQueryKey, queryFn: ({ signal }) => getRecipients(signal) });

export const useRecipients = () => useQuery(recipientsQueryOptions());
