import { NOTIFICATIONS_PAGE_DEFAULT, type Notification, type UnreadCount } from '@contract/notifications';
import { NEXT_CURSOR_HEADER } from '@contract/transactions';
import { apiRequest, apiRequestWithHeaders } from '@web/lib/api-client';

/** The spec's notification calls. The list is a plain array; further pages come by the X-Next-Cursor header. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};

export interface NotificationPage {
  items: Notification[];
  nextCursor: string | null;
}

export async function getNotificationPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const params = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_DEFAULT) });
  if (cursor) params.set('cursor', cursor);
  const { data, headers } = await apiRequestWithHeaders<Notification[]>(`/api/notifications?${params}`, {
    signal,
  });
  return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) || null };
}

export const getUnreadCount = (signal?: AbortSignal) =>
  apiRequest<UnreadCount>('/api/notifications/unread-count', { signal });

const put = (path: string) => apiRequest<unknown>(path, { method: 'PUT' });

export const markNotificationRead = (id: string) => put(`/api/notifications/${encodeURIComponent(id)}/read`);
export const markAllNotificationsRead = () => put('/api/notifications/mark-all-read');
export const deleteNotification = (id: string) =>
  apiRequest<unknown>(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const setNotificationPinned = (id: string, pinned: boolean) =>
  put(`/api/notifications/${encodeURIComponent(id)}/${pinned ? 'pin' : 'unpin'}`);
