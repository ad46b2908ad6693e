import type { Notification } from '@contract/notifications';
import type { NotificationRow } from '../../db/schema';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    category: row.category,
    type: row.type,
    isRead: Number(row.is_read) === 1,
    isPinned: Number(row.is_pinned) === 1,
    createdAt: row.created_at,
    actionUrl: row.action_url,
    actionText: row.action_text,
  };
}
