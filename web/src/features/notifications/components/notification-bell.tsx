import { Bell, BellOff } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { cn } from '@web/lib/utils';

/** The bell and its panel (24rem wide). Notifications are raised by account events; none exist yet. */
export function NotificationBell({ className }: { className?: string }) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn('rounded-full', className)}
          aria-label="Notifications"
        >
          <Bell />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        className="w-[24rem] max-w-[calc(100vw-1rem)] p-0"
        aria-labelledby="notifications-title"
      >
        <div className="flex items-center justify-between border-b px-4 py-3">
          <h2 id="notifications-title" className="text-sm font-semibold">
            Notifications
          </h2>
        </div>
        <div className="flex max-h-[50vh] flex-col items-center justify-center gap-2 px-4 py-10 text-center">
          <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <BellOff aria-hidden className="size-5" />
          </span>
          <p className="text-sm font-medium">No notifications</p>
          <p className="text-xs text-muted-foreground">
            Payments, sign-ins and other account events will show up here.
          </p>
        </div>
      </PopoverContent>
    </Popover>
  );
}
