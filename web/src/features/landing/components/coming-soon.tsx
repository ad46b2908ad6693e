import { cn } from '@web/lib/utils';

/** A feature the page describes before it exists says so. */
export function ComingSoon({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'rounded-full border px-2 py-0.5 text-xs font-medium tracking-wide text-muted-foreground uppercase',
        className,
      )}
    >
      Coming soon
    </span>
  );
}
