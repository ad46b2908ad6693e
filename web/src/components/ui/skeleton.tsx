import type * as React from 'react';
import { cn } from '@web/lib/utils';

export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}

/**
 * The loading state of a list of avatar rows (wallets, transactions, recipients): an icon, two lines of text
 * and, with `trailing`, a figure on the right. `label` names what is loading for screen readers.
 */
export function ListSkeleton({
  label,
  rows = 3,
  trailing = true,
}: {
  label: string;
  rows?: number;
  trailing?: boolean;
}) {
  return (
    <ul aria-label={label} className="grid gap-2">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="flex items-center gap-3 px-2 py-1.5">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-24" />
          </div>
          {trailing && <Skeleton className="h-4 w-20" />}
        </li>
      ))}
    </ul>
  );
}
