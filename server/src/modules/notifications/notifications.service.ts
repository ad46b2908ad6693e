import type { Kysely } from 'kysely';
import type { Notification, NotificationListQuery } from '@contract/notifications';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { decodeKeyset, encodeKeyset, ISO_TIME, ROW_ID } from '../../lib/keyset-cursor';
import { toNotification } from './notifications.mapper';
import * as repo from './notifications.repository';
import type { Notifier } from './notifier';

const notFound = () => new AppError('NOT_FOUND', 'Notification not found');

function decodeCursor(text: string): repo.NotificationCursor {
  const [pinned, createdAt, id] = decodeKeyset(text, [/^[01]$/, ISO_TIME, ROW_ID]);
  return { pinned: pinned === '1' ? 1 : 0, createdAt: createdAt!, id: id! };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * The signed-in user's notifications. Every change is signalled (notifier.ts), so the user's other tabs and
 * devices see the new unread count at once. Another user's notification is a 404, never a 403.
 */
export function createNotificationsService(deps: { db: Kysely<Database>; notifier: Notifier }) {
  const { db, notifier } = deps;

  async function change(userId: string, id: string, update: { is_read?: number; is_pinned?: number }) {
    if (!(await repo.updateNotification(db, userId, id, update))) throw notFound();
    await notifier.signal(db, userId);
  }

  return {
    async page(
      userId: string,
      query: NotificationListQuery,
    ): Promise<{ items: Notification[]; nextCursor: string | null }> {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      // One row more than asked tells whether another page follows, without a count.
      const rows = await repo.listNotifications(db, userId, after, query.limit + 1);
      const items = rows.slice(0, query.limit);
      const last = items.at(-1);
      const nextCursor =
        rows.length > query.limit && last
          ? encodeKeyset([String(Number(last.is_pinned)), last.created_at, last.id])
          : null;
      return { items: items.map(toNotification), nextCursor };
    },

    unreadCount: (userId: string) => repo.countUnread(db, userId),

    markRead: (userId: string, id: string) => change(userId, id, { is_read: 1 }),
    pin: (userId: string, id: string) => change(userId, id, { is_pinned: 1 }),
    unpin: (userId: string, id: string) => change(userId, id, { is_pinned: 0 }),

    async markAllRead(userId: string) {
      const marked = await repo.markAllRead(db, userId);
      if (marked > 0) await notifier.signal(db, userId);
      return marked;
    },

    async remove(userId: string, id: string) {
      if (!(await repo.deleteNotification(db, userId, id))) throw notFound();
      await notifier.signal(db, userId);
    },
  };
}
