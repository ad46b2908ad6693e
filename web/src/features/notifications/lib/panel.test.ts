import { describe, expect, it } from 'vitest';
import type { Notification } from '@contract/notifications';
import { badgeLabel, filterNotifications, timeAgo } from './panel';

const note = (id: string, change: Partial<Notification>): Notification => ({
  id,
  title: id,
  message: '',
  category: 'info',
  type: 'system',
  isRead: true,
  isPinned: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  actionUrl: null,
  actionText: null,
  ...change,
});

describe('notification panel rules', () => {
  const items = [
    note('unread', { isRead: false }),
    note('pinned', { isPinned: true }),
    note('security', { type: 'security' }),
    note('transaction', { type: 'transaction' }),
    note('payment', { type: 'payment' }),
  ];
  const ids = (tab: Parameters<typeof filterNotifications>[1]) =>
    filterNotifications(items, tab).map((n) => n.id);

  it('filters each tab by its rule', () => {
    expect(ids('all')).toHaveLength(5);
    expect(ids('unread')).toEqual(['unread']);
    expect(ids('pinned')).toEqual(['pinned']);
    expect(ids('security')).toEqual(['security']);
    expect(ids('payments')).toEqual(['transaction', 'payment']);
  });

  it('caps the badge at 99+ and hides it at zero', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(7)).toBe('7');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
  });

  it('says how long ago, with the suffix ago', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(timeAgo('2026-11-22T11:59:30Z', now)).toBe('less than a minute ago');
    expect(timeAgo('2026-11-22T11:59:00Z', now)).toBe('1 minute ago');
    expect(timeAgo('2026-11-22T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-20T12:00:00Z', now)).toBe('2 days ago');
    expect(timeAgo('2026-08-22T12:00:00Z', now)).toBe('3 months ago');
    expect(timeAgo('2024-11-01T12:00:00Z', now)).toBe('2 years ago');
    expect(timeAgo('2026-11-22T12:05:00Z', now)).toBe('less than a minute ago');
  });
});
