import { z } from 'zod';
import { pageCursorSchema, pageLimitSchema } from './paging';

/**
 * What the bell and its panel show. Notifications are raised by the server in the same transaction as the
 * event they tell of (money in or out, a conversion, a new sign-in…); a client only reads, marks, pins and
 * deletes them. `category` picks the icon and colour; `type` the panel's tabs (Security; Payments shows
 * transaction and payment).
 */
export const notificationCategories = ['success', 'error', 'warning', 'info'] as const;
export type NotificationCategory = (typeof notificationCategories)[number];
export const notificationTypes = ['security', 'transaction', 'payment', 'system'] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  category: z.enum(notificationCategories),
  type: z.enum(notificationTypes),
  isRead: z.boolean(),
  isPinned: z.boolean(),
  createdAt: z.string(),
  /** An in-app path (always starting with "/") the item leads to when clicked, with its badge text. */
  actionUrl: z.string().nullable(),
  actionText: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_DEFAULT = 50;
export const NOTIFICATIONS_PAGE_MAX = 100;

/**
 * GET /api/notifications?cursor=&limit= — pinned first, then newest first, as a plain ARRAY (the sketch's
 * call). Like the history, further pages are announced by the `X-Next-Cursor` response header; pass its value
 * back as `cursor`. `limit` is 1–100 (default 50).
 */
export const notificationListQuerySchema = z.object({
  cursor: pageCursorSchema,
  limit: pageLimitSchema(NOTIFICATIONS_PAGE_DEFAULT, NOTIFICATIONS_PAGE_MAX),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** GET /api/notifications/unread-count */
export const unreadCountSchema = z.object({ count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * GET /api/notifications/stream — server-sent events. Each `notifications` event's data is this JSON: the
 * notifications raised since the stream last spoke (oldest first) and the unread count now. One is sent as
 * soon as the stream opens (with no items), and again whenever the user's notifications change — raised in
 * any app process, or read, pinned or deleted in another tab.
 */
export const NOTIFICATION_STREAM_EVENT = 'notifications';
export const notificationStreamMessageSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationStreamMessage = z.infer<typeof notificationStreamMessageSchema>;
