import { useId } from 'react';
import type * as React from 'react';
import { cn } from '@web/lib/utils';

/** The Meridian mark: an M rising to a meridian line. Decorative; the word beside it carries the name. */
export function BrandMark({ className, ...props }: React.ComponentProps<'svg'>) {
  // Its own gradient id per mark: with a shared id, url(#…) finds the first, and when that one sits in the
  // hidden sidebar (on a phone) Chromium paints no gradient, so the header's mark lost its tile.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8', className)} {...props}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4338ca" />
          <stop offset="1" stopColor="#1e1b4b" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
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
