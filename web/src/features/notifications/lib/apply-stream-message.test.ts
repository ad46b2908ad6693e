import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@contract/notifications';
import { queryKeys } from '@web/lib/query-keys';
import { notificationKeys } from '../api/notifications';
import { applyStreamMessage } from './apply-stream-message';

const arrival: Notification = {
  id: 'n1',
  title: 'Payment received',
  message: '$250.00 from a client',
  category: 'success',
  type: 'transaction',
  isRead: false,
  isPinned: false,
  createdAt: '2026-11-26T18:00:00.000Z',
  actionUrl: null,
  actionText: null,
};

/** A cache holding every figure a dashboard shows, all fresh. */
function cacheWithFigures() {
  const client = new QueryClient();
  const keys = [
    queryKeys.wallets,
    [...queryKeys.transactions, 'history', 'all', null],
    [...queryKeys.analytics, 'summary'],
    [...queryKeys.analytics, 'cashflow'],
    queryKeys.goals,
    notificationKeys.list,
  ];
  for (const key of keys) client.setQueryData(key, { stale: false });
  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return { client, keys, invalidated };
}

describe('a live notification', () => {
  it('refreshes every money figure: balances, history, earnings analytics and savings goals', () => {
    const { client, keys, invalidated } = cacheWithFigures();
    applyStreamMessage(client, { notifications: [arrival], unreadCount: 1 });
    for (const key of keys) expect(invalidated(key), JSON.stringify(key)).toBe(true);
    expect(client.getQueryData(notificationKeys.unreadCount)).toEqual({ count: 1 });
  });

  it('a read in another tab refreshes the list only', () => {
    const { client, invalidated } = cacheWithFigures();
    applyStreamMessage(client, { notifications: [], unreadCount: 0 });
    expect(invalidated(notificationKeys.list)).toBe(true);
    expect(invalidated([...queryKeys.analytics, 'summary'])).toBe(false);
    expect(invalidated(queryKeys.goals)).toBe(false);
  });
});
