import {
  AlertTriangle,
  CheckCircle2,
  Info,
  MoreHorizontal,
  Pin,
  PinOff,
  Trash2,
  XCircle,
  Check,
} from 'lucide-react';
import type { Notification } from '@contract/notifications';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { cn } from '@web/lib/utils';
import { timeAgo } from '../lib/panel';

/** success green, error red, warning yellow, anything else blue (the spec's colours). */
const categoryLook = {
  success: { Icon: CheckCircle2, tone: 'bg-success-soft text-success' },
  error: { Icon: XCircle, tone: 'bg-destructive/10 text-destructive' },
  warning: { Icon: AlertTriangle, tone: 'bg-warning-soft text-warning' },
  info: { Icon: Info, tone: 'bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300' },
} as const;

export interface NotificationItemActions {
  open(notification: Notification): void;
  markRead(notification: Notification): void;
  setPinned(notification: Notification, pinned: boolean): void;
  remove(notification: Notification): void;
}

export function NotificationItem({
  notification,
  actions,
}: {
  notification: Notification;
  actions: NotificationItemActions;
}) {
  const { Icon, tone } = categoryLook[notification.category] ?? categoryLook.info;
  const unread = !notification.isRead;
  return (
    <li className={cn('group relative flex gap-3 px-4 py-3 hover:bg-accent/60', unread && 'bg-accent/30')}>
      <span className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full', tone)}>
        <Icon aria-hidden className="size-4" />
      </span>
      <button
        type="button"
        onClick={() => actions.open(notification)}
        className="min-w-0 flex-1 cursor-pointer text-left outline-none after:absolute after:inset-0 focus-visible:after:rounded-md focus-visible:after:ring-2 focus-visible:after:ring-ring"
      >
        <span className="flex items-center gap-1.5">
          <span className={cn('truncate text-sm', unread ? 'font-semibold' : 'font-medium')}>
            {notification.title}
          </span>
          {notification.isPinned && (
            <Pin aria-label="Pinned" className="size-3.5 shrink-0 text-muted-foreground" />
          )}
          {unread && <span aria-label="Unread" className="size-2 shrink-0 rounded-full bg-primary" />}
        </span>
        <span className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">{notification.message}</span>
        <span className="mt-1.5 flex items-center gap-2 text-xs text-muted-foreground">
          <time dateTime={notification.createdAt}>{timeAgo(notification.createdAt)}</time>
          {notification.actionText && <Badge variant="outline">{notification.actionText}</Badge>}
        </span>
      </button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="relative z-10 size-8 shrink-0"
            aria-label={`Actions for ${notification.title}`}
          >
            <MoreHorizontal />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {unread && (
            <DropdownMenuItem onSelect={() => actions.markRead(notification)}>
              <Check /> Mark as read
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => actions.setPinned(notification, !notification.isPinned)}>
            {notification.isPinned ? (
              <>
                <PinOff /> Unpin
              </>
            ) : (
              <>
                <Pin /> Pin
              </>
            )}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => actions.remove(notification)} className="text-destructive">
            <Trash2 /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
