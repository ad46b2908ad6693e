import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@web/lib/utils';

interface EmptyStateProps extends Omit<React.ComponentProps<'div'>, 'title'> {
  icon: LucideIcon;
  title: string;
  description?: string;
  /** A button or link that gets the person out of the empty state. */
  action?: React.ReactNode;
}

export function EmptyState({ icon: Icon, title, description, action, className, ...props }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center',
        className,
      )}
      {...props}
    >
      <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden className="size-5" />
      </span>
      <p className="text-sm font-medium">{title}</p>
      {description && <p className="max-w-sm text-sm text-muted-foreground">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
