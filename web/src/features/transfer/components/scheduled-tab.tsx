import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CalendarClock, Plus } from 'lucide-react';
import { formatDay } from '@contract/dates';
import type { PaymentSchedule } from '@contract/payment-schedules';
import { QueryContent } from '@web/components/query-content';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { ListSkeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { usePaymentScheduleAction, usePaymentSchedules } from '../api/payment-schedules';
import { scheduleLabel, type ScheduleDraft } from '../lib/schedule-form';
import { ScheduleDialog } from './schedule-dialog';
import { ScheduleRow } from './schedule-row';

/** What the send form hands over with "Schedule this instead" (router state, so a reload does not repeat it). */
export interface ScheduleHandover {
  scheduleDraft: ScheduleDraft;
}

const handoverFrom = (state: unknown): ScheduleDraft | null =>
  state && typeof state === 'object' && 'scheduleDraft' in state
    ? (state as ScheduleHandover).scheduleDraft
    : null;

/** Scheduled payments: each with its next date and last outcome; schedule, pause, resume, edit, cancel. */
export function ScheduledTab() {
  const schedules = usePaymentSchedules();
  const location = useLocation();
  const navigate = useNavigate();
  const [start, setStart] = useState<ScheduleDraft | null>(() => handoverFrom(location.state));
  const [creating, setCreating] = useState(start !== null);
  const [editing, setEditing] = useState<PaymentSchedule | null>(null);
  const [cancelling, setCancelling] = useState<PaymentSchedule | null>(null);
  const action = usePaymentScheduleAction();

  const openCreate = (open: boolean) => {
    setCreating(open);
    if (!open && start) {
      setStart(null);
      // The handover is used once: leaving it in the history entry would reopen the form on reload.
      void navigate(location.pathname, { replace: true, state: null });
    }
  };

  const run = (schedule: PaymentSchedule, verb: 'pause' | 'resume') =>
    action.mutate(
      { id: schedule.id, action: verb },
      {
        onSuccess: (updated) =>
          toast({
            title: verb === 'pause' ? 'Scheduled payment paused' : 'Scheduled payment resumed',
            description:
              verb === 'pause'
                ? 'Nothing is paid until you resume it.'
                : updated?.nextDate
                  ? `Next payment on ${formatDay(updated.nextDate)}.`
                  : 'No more payments are due.',
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Update Failed', description: friendlyErrorMessage(error) }),
      },
    );

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Scheduled payments</CardTitle>
          <CardDescription>
            Pay on a date, or every week, month or quarter: rent, a contractor, a tax instalment, or a
            conversion between your wallets.
          </CardDescription>
        </div>
        <Button onClick={() => openCreate(true)}>
          <Plus /> Schedule a payment
        </Button>
      </CardHeader>
      <CardContent>
        <QueryContent
          query={schedules}
          loading={<ListSkeleton rows={3} label="Loading scheduled payments" />}
          empty={
            <EmptyState
              icon={CalendarClock}
              title="No scheduled payments yet"
              description="Set up a payment once and Meridian makes it on its day, and tells you if it could not."
            />
          }
        >
          {(list) => (
            <>
              <ul className="divide-y" aria-label="Scheduled payments">
                {list.map((schedule) => (
                  <ScheduleRow
                    key={schedule.id}
                    schedule={schedule}
                    busy={action.isPending && action.variables?.id === schedule.id}
                    onEdit={() => setEditing(schedule)}
                    onPause={() => run(schedule, 'pause')}
                    onResume={() => run(schedule, 'resume')}
                    onCancel={() => setCancelling(schedule)}
                  />
                ))}
              </ul>
              {schedules.hasNextPage && (
                <Button
                  variant="outline"
                  className="mt-2 w-full"
                  onClick={() => void schedules.fetchNextPage()}
                  disabled={schedules.isFetchingNextPage}
                >
                  {schedules.isFetchingNextPage ? 'Loading…' : 'Show more scheduled payments'}
                </Button>
              )}
            </>
          )}
        </QueryContent>
      </CardContent>
      <ScheduleDialog open={creating} onOpenChange={openCreate} start={start} />
      <ScheduleDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        editing={editing}
      />
      {cancelling && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setCancelling(null)}
          title="Cancel this scheduled payment?"
          description={`No more payments of ${formatMoney(cancelling.amount, cancelling.fromCurrency)} (${scheduleLabel(cancelling)}) will be made. The payments already made stay. A cancelled schedule cannot be started again.`}
          action="Cancel schedule"
          destructive
          confirm={() => action.mutateAsync({ id: cancelling.id, action: 'cancel' })}
        />
      )}
    </Card>
  );
}
