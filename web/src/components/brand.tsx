import type * as React from 'react';
import { cn } from '@web/lib/utils';

/** The Meridian mark: an M rising to a meridian line. Decorative; the word beside it carries the name. */
export function BrandMark({ className, ...props }: React.ComponentProps<'svg'>) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8', className)} {...props}>
      <defs>
        <linearGradient id="meridian-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4338ca" />
          <stop offset="1" stopColor="#1e1b4b" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#meridian-mark)" />
      <path
        d="M8 23V9l8 9 8-9v14"
        fill="none"
        stroke="#34d399"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Brand({ className, ...props }: React.ComponentProps<'span'>) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)} {...props}>
      <BrandMark />
      <span className="text-lg font-semibold tracking-tight">Meridian</span>
    </span>
  );
}
