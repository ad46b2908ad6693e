import { formatDay } from '@contract/dates';
import type { PaymentRunOutcome } from '@contract/payment-schedules';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { usePaymentRuns } from '../api/payment-schedules';
import { outcomeLabels } from '../lib/schedule-form';

export const outcomeVariants: Record<PaymentRunOutcome, 'success' | 'secondary' | 'outline' | 'destructive'> =
  {
    paid: 'success',
    retrying: 'secondary',
    failed: 'destructive',
    skipped: 'outline',
  };

/** What each period of one schedule came to, newest first, with the reason when it failed. */
export function ScheduleRuns({ id, label }: { id: string; label: string }) {
  const runs = usePaymentRuns(id);
  if (runs.isError) return <LoadError error={runs.error} onRetry={() => void runs.refetch()} />;
  if (!runs.data) {
    return <Skeleton role="status" aria-label="Loading payments made" className="h-8 rounded-lg" />;
  }
  if (runs.data.length === 0) {
    return <p className="text-sm text-muted-foreground">None yet: the first is paid on its date.</p>;
  }
  return (
    <div className="grid gap-2">
      <ul className="grid gap-2 rounded-lg bg-muted/50 p-3 text-sm" aria-label={`Payments of ${label}`}>
        {runs.data.map((run) => (
          <li key={run.id} className="grid gap-0.5" data-testid="schedule-run">
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {formatDay(run.periodDate, 'short')}
                {run.attempts > 1 && <span className="text-muted-foreground"> · {run.attempts} tries</span>}
              </span>
              <Badge variant={outcomeVariants[run.outcome]}>{outcomeLabels[run.outcome]}</Badge>
            </span>
            {run.message && <span className="text-xs text-muted-foreground">{run.message}</span>}
          </li>
        ))}
      </ul>
      {runs.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void runs.fetchNextPage()}
          disabled={runs.isFetchingNextPage}
        >
          {runs.isFetchingNextPage ? 'Loading…' : 'Show earlier payments'}
        </Button>
      )}
    </div>
  );
}
