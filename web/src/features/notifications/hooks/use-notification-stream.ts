import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_STREAM_EVENT, notificationStreamMessageSchema } from '@contract/notifications';
import { applyStreamMessage } from '../lib/apply-stream-message';
import { setStreamLive } from './stream-state';

/**
 * Opens GET /api/notifications/stream for the signed-in shell (once per tab). Each message carries the unread
 * count, written straight into the bell's query, and any new notifications: the open panel's list is then
 * refetched, and since a notification means money or security changed, so is every figure money moves
 * (see applyStreamMessage).
 * EventSource reconnects by itself (after the server's `retry`); while it is down, the bell polls.
 */
export function useNotificationStream(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Off while an accountant reads someone's books: the owner's notifications are not theirs to read.
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/notifications/stream', { withCredentials: true });
    source.onopen = () => setStreamLive(true);
    source.onerror = () => setStreamLive(false);
    source.addEventListener(NOTIFICATION_STREAM_EVENT, (event) => {
      const parsed = notificationStreamMessageSchema.safeParse(
        JSON.parse((event as MessageEvent<string>).data),
      );
      if (!parsed.success) return;
      setStreamLive(true);
      applyStreamMessage(queryClient, parsed.data);
    });
    return () => {
      source.close();
      setStreamLive(false);
    };
  }, [queryClient, enabled]);
}
