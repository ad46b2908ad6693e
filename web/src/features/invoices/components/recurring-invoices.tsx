import { useState } from 'react';
import { Pause, Pencil, Play, Plus, Repeat, Square } from 'lucide-react';
import { formatDay } from '@contract/dates';
import type { InvoiceSchedule, ScheduleStatus } from '@contract/invoice-schedules';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/hooks/use-toast';
import { friendlyErrorMessage } from '@web/lib/api-client';
import { formatMoney } from '@web/lib/money';
import { useInvoiceSchedules, useScheduleAction, useScheduleInvoices } from '../api/invoice-schedules';
import { frequencyLabels, scheduleStatusLabels } from '../lib/schedule-form';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { ScheduleDialog } from './schedule-dialog';

const statusVariants: Record<ScheduleStatus, 'success' | 'secondary' | 'outline'> = {
  active: 'success',
  paused: 'secondary',
  stopped: 'outline',
  finished: 'outline',
};

/** Recurring invoices: each schedule with its next date and status, and what it has made. */
export function RecurringInvoices() {
  const schedules = useInvoiceSchedules();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<InvoiceSchedule | null>(null);
  const [stopping, setStopping] = useState<InvoiceSchedule | null>(null);
  const action = useScheduleAction();
  const run = (schedule: InvoiceSchedule, verb: 'pause' | 'resume') =>
    action.mutate(
      { id: schedule.id, action: verb },
      {
        onSuccess: (updated) =>
          toast({
            title: verb === 'pause' ? 'Recurring invoice paused' : 'Recurring invoice resumed',
            description: updated.nextDate
              ? `Next invoice on ${formatDay(updated.nextDate)}.`
              : 'No more invoices are due.',
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Update Failed', description: friendlyErrorMessage(error) }),
      },
    );

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Recurring invoices</CardTitle>
          <CardDescription>
            Bill a client every week, month, quarter or year: sent for you, or kept as a draft to review.
          </CardDescription>
        </div>
        <Button variant="outline" onClick={() => setCreating(true)}>
          <Plus /> New recurring invoice
        </Button>
      </CardHeader>
      <CardContent>
        {schedules.isError ? (
          <LoadError error={schedules.error} onRetry={() => void schedules.refetch()} />
        ) : !schedules.data ? (
          <div role="status" aria-label="Loading recurring invoices" className="grid gap-3">
            {[0, 1].map((index) => (
              <Skeleton key={index} className="h-12 rounded-lg" />
            ))}
          </div>
        ) : schedules.data.length === 0 ? (
          <EmptyState
            icon={Repeat}
            title="No recurring invoices yet"
            description="A retainer or a subscription? Set it up once and each invoice is made on its day."
          />
        ) : (
          <ul className="divide-y" aria-label="Recurring invoices">
            {schedules.data.map((schedule) => (
              <ScheduleRow
                key={schedule.id}
                schedule={schedule}
                busy={action.isPending && action.variables?.id === schedule.id}
                onEdit={() => setEditing(schedule)}
                onPause={() => run(schedule, 'pause')}
                onResume={() => run(schedule, 'resume')}
                onStop={() => setStopping(schedule)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <ScheduleDialog open={creating} onOpenChange={setCreating} />
      <ScheduleDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        editing={editing}
      />
      {stopping && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setStopping(null)}
          title="Stop this recurring invoice?"
          description={`No more invoices will be made for ${stopping.projectTitle} (${stopping.clientName}). The invoices already made stay. A stopped schedule cannot be started again.`}
          action="Stop"
          destructive
          confirm={() => action.mutateAsync({ id: stopping.id, action: 'stop' })}
        />
      )}
    </Card>
  );
}

function ScheduleRow({
  schedule,
  busy,
  onEdit,
  onPause,
  onResume,
  onStop,
}: {
  schedule: InvoiceSchedule;
  busy: boolean;
  onEdit: () => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
}) {
  const [showing, setShowing] = useState(false);
  const open = schedule.status === 'active' || schedule.status === 'paused';
  const label = `${schedule.projectTitle} for ${schedule.clientName}`;
  return (
    <li className="grid gap-2 py-3" data-testid="schedule-row">
      <div className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 sm:grid-cols-[1fr_9rem_8rem_6rem]">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">
            {schedule.projectTitle} · {schedule.clientName}
          </p>
          <p className="truncate text-xs text-muted-foreground">
            {frequencyLabels[schedule.frequency]} ·{' '}
            {schedule.autoSend ? 'sent automatically' : 'kept as draft'}
            {schedule.endCount ? ` · ${schedule.invoicesMade} of ${schedule.endCount}` : ''}
            {schedule.endDate ? ` · until ${formatDay(schedule.endDate, 'short')}` : ''}
          </p>
        </div>
        <span className="text-xs text-muted-foreground max-sm:order-last max-sm:col-span-2">
          {schedule.nextDate ? `Next ${formatDay(schedule.nextDate, 'short')}` : 'No more invoices'}
        </span>
        <span className="text-right text-sm font-semibold tabular-nums">
          {formatMoney(schedule.totalAmount, schedule.currency)}
        </span>
        <span className="max-sm:order-first max-sm:col-span-2 sm:justify-self-center">
          <Badge variant={statusVariants[schedule.status]} data-testid="schedule-status">
            {scheduleStatusLabels[schedule.status]}
          </Badge>
        </span>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={showing}
          onClick={() => setShowing((value) => !value)}
          aria-label={`Invoices made by ${label}`}
        >
          Invoices made ({schedule.invoicesMade})
        </Button>
        {open && (
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${label}`}>
            <Pencil /> Edit
          </Button>
        )}
        {schedule.status === 'active' && (
          <Button size="sm" variant="outline" onClick={onPause} disabled={busy} aria-label={`Pause ${label}`}>
            {busy ? <Spinner /> : <Pause />} Pause
          </Button>
        )}
        {schedule.status === 'paused' && (
          <Button
            size="sm"
            variant="outline"
            onClick={onResume}
            disabled={busy}
            aria-label={`Resume ${label}`}
          >
            {busy ? <Spinner /> : <Play />} Resume
          </Button>
        )}
        {open && (
          <Button size="sm" variant="outline" onClick={onStop} disabled={busy} aria-label={`Stop ${label}`}>
            <Square /> Stop
          </Button>
        )}
      </div>
      {showing && <MadeInvoices id={schedule.id} />}
    </li>
  );
}

function MadeInvoices({ id }: { id: string }) {
  const made = useScheduleInvoices(id, true);
  if (made.isError) return <LoadError error={made.error} onRetry={() => void made.refetch()} />;
  if (!made.data)
    return <Skeleton role="status" aria-label="Loading invoices made" className="h-8 rounded-lg" />;
  if (made.data.length === 0) {
    return <p className="text-sm text-muted-foreground">None yet: the first is made on its date.</p>;
  }
  return (
    <ul className="grid gap-1 rounded-lg bg-muted/50 p-3 text-sm" aria-label="Invoices made">
      {made.data.map(({ periodDate, invoice }) => (
        <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2">
          <span>
            {invoice.invoiceNumber} · {formatDay(periodDate, 'short')}
          </span>
          <span className="flex items-center gap-3">
            <span className="tabular-nums">{formatMoney(invoice.totalAmount, invoice.currency)}</span>
            <InvoiceStatusBadge status={invoice.status} />
          </span>
        </li>
      ))}
    </ul>
  );
}
