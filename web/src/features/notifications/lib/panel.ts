import type { Notification } from '@contract/notifications';

/** The panel's tabs, in order, with the rule each one shows. */
export const notificationTabs = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'pinned', label: 'Pinned' },
  { value: 'security', label: 'Security' },
  { value: 'payments', label: 'Payments' },
] as const;
export type NotificationTab = (typeof notificationTabs)[number]['value'];

const rules: Record<NotificationTab, (notification: Notification) => boolean> = {
  all: () => true,
  unread: (n) => !n.isRead,
  pinned: (n) => n.isPinned,
  security: (n) => n.type === 'security',
  payments: (n) => n.type === 'transaction' || n.type === 'payment',
};

export const filterNotifications = (items: Notification[], tab: NotificationTab) => items.filter(rules[tab]);

/** The bell's badge: nothing at zero, the count up to 99, then "99+". */
export function badgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** "less than a minute ago", "5 minutes ago", "3 hours ago", "2 days ago", "4 months ago", "1 year ago". */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(iso).getTime());
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'less than a minute ago';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 30 * DAY) return plural(Math.floor(elapsed / DAY), 'day');
  if (elapsed < 365 * DAY) return plural(Math.floor(elapsed / (30 * DAY)), 'month');
  return plural(Math.floor(elapsed / (365 * DAY)), 'year');
}
