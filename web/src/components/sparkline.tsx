import { sparklinePoints } from '@web/lib/sparkline';
import { cn } from '@web/lib/utils';

/** A small line of how a value moved; decorative (the figures beside it say the same in words). */
export function Sparkline({ values, className }: { values: readonly number[]; className?: string }) {
  const points = sparklinePoints(values, 80, 24);
  if (!points) return null;
  return (
    <svg viewBox="-1 -1 82 26" aria-hidden className={cn('h-6 w-20', className)} preserveAspectRatio="none">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
