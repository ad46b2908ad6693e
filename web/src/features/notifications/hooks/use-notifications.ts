import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import {
  deleteNotification,
  getNotificationPage,
  getUnreadCount,
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
  setNotificationPinned,
} from '../api/notifications';
import { useStreamLive } from './stream-state';

/** The spec's poll: every 30 s, unless a live stream is already pushing the count. */
const POLL_MS = 30_000;

export function useUnreadCount() {
  const live = useStreamLive();
  return useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: live ? false : POLL_MS,
    select: (data) => data.count,
  });
}

/** The list runs only while the panel is open (the spec's rule); older pages load on demand. */
export function useNotificationList(open: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam, signal }) => getNotificationPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: open,
  });
}

function failed(fallback: string) {
  return (error: unknown) =>
    toast({ variant: 'destructive', title: 'Error', description: friendlyErrorMessage(error, fallback) });
}

/**
 * Read, mark all and delete refetch both the list and the count; pin and unpin only the list (the spec's
 * rule: pinning changes no count).
 */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const refetchList = () => queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  const refetchAll = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });

  const markRead = useMutation({
    mutationFn: markNotificationRead,
    onSuccess: refetchAll,
    onError: failed('Failed to mark notification as read'),
  });
  const markAllRead = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: async () => {
      await refetchAll();
      toast({ title: 'Success', description: 'All notifications marked as read' });
    },
    onError: failed('Failed to mark all notifications as read'),
  });
  const remove = useMutation({
    mutationFn: deleteNotification,
    onSuccess: refetchAll,
    onError: failed('Failed to delete notification'),
  });
  const setPinned = useMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) => setNotificationPinned(id, pinned),
    onSuccess: refetchList,
    onError: failed('Failed to update notification'),
  });
  return { markRead, markAllRead, remove, setPinned };
}
