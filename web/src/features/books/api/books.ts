import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpenBooks, ReadableBooks } from '@contract/accountants';
import { api } from '@web/lib/api-client';

export { openBooksQuery, useOpenBooks } from '@web/lib/open-books';

/** GET /api/accountant-access: the books this person may read as an accountant (the switcher's choices). */
export const useReadableBooks = () =>
  useQuery({
    queryKey: ['books', 'readable'] as const,
    queryFn: ({ signal }) => api.get<ReadableBooks[]>('/api/accountant-access', signal),
  });

/**
 * PUT /api/accountant-access/open: this session reads the owner's books (or its own, null). The choice lives
 * on the server, so every cached figure belongs to the other books: all of it is dropped and read again.
 */
export function useSwitchBooks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ownerId: string | null) =>
      api.put<{ books: OpenBooks }>('/api/accountant-access/open', { ownerId }),
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      await queryClient.invalidateQueries();
    },
  });
}

/** POST /api/accountant-access/accept: the invite link's token, accepted by the signed-in account. */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<ReadableBooks>('/api/accountant-access/accept', { token }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['books'] }),
  });
}
