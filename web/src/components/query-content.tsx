import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from './load-error';

interface QueryContentProps<T> {
  query: UseQueryResult<T>;
  /** The placeholder while the first answer is on its way. */
  loading: ReactNode;
  /** Shown instead of `children` when the answer is an empty list. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * One query's states inside a card, the same way on every screen: a placeholder while loading, what went
 * wrong with a Retry, an empty state for an empty list, else the data.
 */
export function QueryContent<T>({ query, loading, empty, children }: QueryContentProps<T>) {
  if (query.isPending) return loading;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) return empty;
  return children(query.data);
}
