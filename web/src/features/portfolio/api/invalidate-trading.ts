import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@web/lib/query-keys';
import { ordersQueryKey } from './get-orders';
import { portfolioQueryKey } from './get-portfolio';

/** After a trade or a cancellation: holdings, orders and wallet balances have all changed. */
export function invalidateTrading(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: portfolioQueryKey });
  void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
  void queryClient.invalidateQueries({ queryKey: queryKeys.wallets });
}
