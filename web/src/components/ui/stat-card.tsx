import type * as React from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@web/lib/utils';

interface StatCardProps extends React.ComponentProps<'section'> {
  label: string;
  icon: LucideIcon;
}

/** A summary figure frame: a label, an icon and whatever figure (or empty note) the feature puts inside. */
export function StatCard({ label, icon: Icon, className, children, ...props }: StatCardProps) {
  const headingId = `stat-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      data-slot="stat-card"
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm',
        className,
      )}
      {...props}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-sm font-medium text-muted-foreground">
          {label}
        </h2>
        <span className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon aria-hidden className="size-4" />
        </span>
      </div>
      {children}
    </section>
  );
}

/** The body of a StatCard that has no figure yet. */
export function StatEmpty({ children }: { children: React.ReactNode }) {
  return (
    <div>
      <p className="text-2xl font-semibold tracking-tight text-muted-foreground" aria-hidden>
        —
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{children}</p>
    </div>
  );
}
