import type * as React from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@web/lib/utils';

/**
 * A styled native <select>: the platform's own picker on phones, full keyboard and screen-reader support,
 * and it works inside dialogs without portals. Looks like Input.
 */
export function NativeSelect({ className, children, ...props }: React.ComponentProps<'select'>) {
  return (
    <div data-slot="native-select-wrapper" className="relative w-full">
      <select
        data-slot="native-select"
        className={cn(
          'flex h-10 w-full min-w-0 cursor-pointer appearance-none rounded-lg border border-input bg-card py-2 pr-9 pl-3 text-sm text-foreground shadow-xs transition-colors outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive',
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
