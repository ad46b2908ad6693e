import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenBooks } from '@contract/accountants';
import type { MeResponse } from '@contract/auth';
import { api } from './api-client';

/** Whose books the session has open (null: one's own): GET /api/auth/me, answered in any books. */
export const openBooksQuery = () =>
  queryOptions({
    queryKey: ['books', 'open'] as const,
    queryFn: async ({ signal }): Promise<OpenBooks> =>
      (await api.get<MeResponse>('/api/auth/me', signal)).books,
  });
export const useOpenBooks = () => useQuery(openBooksQuery());

/**
 * Whether an accountant is reading someone else's books: screens hide what would change them (the server
 * refuses it regardless). Shared here because features do not import each other.
 */
export const useReadingBooks = () => (useOpenBooks().data ?? null) !== null;
