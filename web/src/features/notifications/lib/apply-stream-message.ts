import type { QueryClient } from '@tanstack/react-query';
import type { NotificationStreamMessage, UnreadCount } from '@contract/notifications';
import { moneyFigureKeys } from '@web/lib/query-keys';
import { notificationKeys } from '../api/notifications';

/**
 * What one message of the notification stream changes in the cache: the bell's count is written straight in;
 * new notifications mean money or security changed, so every money figure (balances, history, earnings,
 * goals) is refetched with the list. A message with no notifications is a read, pin or delete in another tab.
 */
export function applyStreamMessage(queryClient: QueryClient, message: NotificationStreamMessage) {
  queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount, { count: message.unreadCount });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  if (message.notifications.length === 0) return;
  for (const queryKey of moneyFigureKeys) void queryClient.invalidateQueries({ queryKey });
}
