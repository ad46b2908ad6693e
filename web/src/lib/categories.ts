import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@contract/categories';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/categories. Shared (not the Books screen's own endpoint file) because the history names each row's
 * category and offers the list when a row's category is changed, while Books makes and renames them.
 */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories,
    queryFn: ({ signal }) => api.get<Category[]>('/api/categories', signal),
  });

export const useCategories = () => useQuery(categoriesQueryOptions());

/** A category's name by id, from the loaded list ('' while it loads; the id itself if it is unknown). */
export function categoryNameOf(categories: Category[] | undefined, id: string): string {
  if (!categories) return '';
  return categories.find((category) => category.id === id)?.name ?? id;
}
