import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatementList } from '@contract/statements';
import { api } from '@web/lib/api-client';

/** GET /api/statements: the months × wallets, newest month first. */
export const statementsQueryOptions = () =>
  queryOptions({
    queryKey: ['statements'],
    queryFn: ({ signal }) => api.get<StatementList>('/api/statements', signal),
  });

export const useStatements = () => useQuery(statementsQueryOptions());
