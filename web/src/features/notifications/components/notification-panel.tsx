import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BellOff, CheckCheck, RefreshCw, X } from 'lucide-react';
import type { Notification } from '@contract/notifications';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { PopoverClose } from '@web/components/ui/popover';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useNotificationActions, useNotificationList } from '../hooks/use-notifications';
import { filterNotifications, notificationTabs, type NotificationTab } from '../lib/panel';
import { NotificationItem, type NotificationItemActions } from './notification-item';

/** The panel inside the bell's popover: tabs, refresh, mark all read, close, and the list. */
export function NotificationPanel({ unreadCount, onClose }: { unreadCount: number; onClose: () => void }) {
  const [tab, setTab] = useState<NotificationTab>('all');
  const [deleting, setDeleting] = useState<Notification | null>(null);
  const list = useNotificationList(true);
  const { markRead, markAllRead, remove, setPinned } = useNotificationActions();
  const navigate = useNavigate();
  const all = list.data?.pages.flatMap((page) => page.items) ?? [];
  const shown = filterNotifications(all, tab);

  const actions: NotificationItemActions = {
    open: async (notification: Notification) => {
      if (!notification.isRead) await markRead.mutateAsync(notification.id).catch(() => undefined);
      if (notification.actionUrl?.startsWith('/')) {
        onClose();
        void navigate(notification.actionUrl);
      }
    },
    markRead: (notification) => markRead.mutate(notification.id),
    setPinned: (notification, pinned) => setPinned.mutate({ id: notification.id, pinned }),
    remove: setDeleting,
  };

  return (
    <div className="flex flex-col">
      <div className="flex items-center gap-1 border-b py-2 pr-2 pl-4">
        <h2 id="notifications-title" className="flex-1 text-sm font-semibold">
          Notifications
        </h2>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label="Refresh notifications"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
        >
          <RefreshCw className={list.isFetching ? 'animate-spin' : undefined} />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label="Mark all as read"
          onClick={() => markAllRead.mutate()}
          disabled={unreadCount === 0 || markAllRead.isPending}
        >
          <CheckCheck />
        </Button>
        <PopoverClose asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label="Close notifications">
            <X />
          </Button>
        </PopoverClose>
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as NotificationTab)} className="gap-0">
        <div className="border-b px-2 py-2">
          <TabsList className="w-full justify-between">
            {notificationTabs.map(({ value, label }) => (
              <TabsTrigger key={value} value={value} className="px-2 text-xs">
                {label}
                {value === 'unread' && unreadCount > 0 && (
                  <span className="rounded-full bg-primary px-1.5 text-[0.65rem] leading-4 text-primary-foreground">
                    {unreadCount > 99 ? '99+' : unreadCount}
                  </span>
                )}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value={tab} className="max-h-[50vh] overflow-y-auto" aria-busy={list.isPending}>
          {list.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner className="size-6 text-muted-foreground" />
              <span className="sr-only">Loading notifications</span>
            </div>
          ) : list.isError ? (
            <div className="p-4">
              <LoadError error={list.error} onRetry={() => void list.refetch()} />
            </div>
          ) : shown.length === 0 ? (
            <div className="flex flex-col items-center justify-center gap-2 px-4 py-10 text-center">
              <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <BellOff aria-hidden className="size-5" />
              </span>
              <p className="text-sm font-medium">No notifications</p>
              <p className="text-xs text-muted-foreground">
                Payments, sign-ins and other account events show up here.
              </p>
            </div>
          ) : (
            <ul className="divide-y" aria-label="Notifications">
              {shown.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} actions={actions} />
              ))}
            </ul>
          )}
          {list.hasNextPage && (
            <div className="border-t p-2">
              <Button
                variant="ghost"
                className="w-full"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Load older notifications'}
              </Button>
            </div>
          )}
        </TabsContent>
      </Tabs>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this notification?"
        description={deleting ? `“${deleting.title}” will be gone for good.` : ''}
        action="Delete"
        destructive
        confirm={() => remove.mutateAsync(deleting!.id)}
      />
    </div>
  );
}
