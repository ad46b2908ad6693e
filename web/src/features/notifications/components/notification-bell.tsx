import { useState } from 'react';
import { Bell } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { cn } from '@web/lib/utils';
import { useUnreadCount } from '../hooks/use-notifications';
import { badgeLabel } from '../lib/panel';
import { NotificationPanel } from './notification-panel';

/** The bell with its unread badge (capped at 99+) and, when open, the panel (24rem wide). */
export function NotificationBell({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const badge = badgeLabel(count);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn('relative rounded-full', className)}
          aria-label={badge ? `Notifications, ${count} unread` : 'Notifications'}
        >
          <Bell />
          {badge && (
            <span
              aria-hidden
              data-testid="notification-badge"
              className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.65rem] leading-none font-semibold text-destructive-foreground"
            >
              {badge}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        className="w-[24rem] max-w-[calc(100vw-1rem)] p-0"
        aria-labelledby="notifications-title"
      >
        {open && <NotificationPanel unreadCount={count} onClose={() => setOpen(false)} />}
      </PopoverContent>
    </Popover>
  );
}
