import { useState } from 'react';
import { CircleAlert, Pause, Pencil, Play, X } from 'lucide-react';
import { formatDay } from '@contract/dates';
import type { PaymentSchedule, PaymentScheduleStatus } from '@contract/payment-schedules';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { formatMoney } from '@web/lib/money';
import {
  cadenceLabels,
  outcomeLabels,
  scheduleIsOpen,
  scheduleLabel,
  statusLabels,
} from '../lib/schedule-form';
import { ScheduleRuns } from './schedule-runs';

const statusVariants: Record<PaymentScheduleStatus, 'success' | 'secondary' | 'outline' | 'destructive'> = {
  active: 'success',
  paused: 'secondary',
  waiting: 'destructive',
  cancelled: 'outline',
  finished: 'outline',
};

interface ScheduleRowProps {
  schedule: PaymentSchedule;
  busy: boolean;
  onEdit: () => void;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}

/** One scheduled payment: what it pays, when next, how the last run went, and what can be done with it. */
export function ScheduleRow({ schedule, busy, onEdit, onPause, onResume, onCancel }: ScheduleRowProps) {
  const [showingRuns, setShowingRuns] = useState(false);
  const open = scheduleIsOpen(schedule.status);
  const label = `${scheduleLabel(schedule)}, ${schedule.description}`;
  const { lastRun } = schedule;
  return (
    <li className="grid gap-3 py-4" data-testid="payment-schedule-row">
      <div className="grid grid-cols-[1fr_auto] items-start gap-x-4 gap-y-2 sm:grid-cols-[1fr_10rem_9rem_7rem]">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{scheduleLabel(schedule)}</p>
          <p className="truncate text-xs text-muted-foreground">
            {schedule.description} · {cadenceLabels[schedule.cadence]}
            {schedule.endDate ? ` · until ${formatDay(schedule.endDate, 'short')}` : ''}
          </p>
        </div>
        <span className="text-xs text-muted-foreground max-sm:order-last max-sm:col-span-2 sm:pt-0.5">
          {schedule.nextDate ? `Next ${formatDay(schedule.nextDate, 'short')}` : 'No more payments'}
        </span>
        <span className="text-right text-sm font-semibold tabular-nums" data-testid="schedule-amount">
          {formatMoney(schedule.amount, schedule.fromCurrency)}
          {schedule.kind === 'conversion' && (
            <span className="block text-xs font-normal text-muted-foreground">
              into {schedule.toCurrency}
            </span>
          )}
        </span>
        <span className="max-sm:order-first max-sm:col-span-2 sm:justify-self-end">
          <Badge variant={statusVariants[schedule.status]} data-testid="payment-schedule-status">
            {statusLabels[schedule.status]}
          </Badge>
        </span>
      </div>

      {schedule.status === 'waiting' ? (
        <Alert variant="destructive" role="note" data-testid="schedule-waiting">
          <CircleAlert aria-hidden />
          <span>
            <strong className="font-semibold">This payment needs you.</strong> {waitingReason(schedule)}{' '}
            Nothing more is paid until you resume it. Add money to your {schedule.fromCurrency} wallet, then
            Resume to try again.
          </span>
        </Alert>
      ) : (
        lastRun && (
          <p className="text-xs text-muted-foreground" data-testid="schedule-last-outcome">
            Last payment, {formatDay(lastRun.periodDate, 'short')}: {outcomeLabels[lastRun.outcome]}
            {lastRun.outcome !== 'paid' && lastRun.message ? ` (${lastRun.message})` : ''}
          </p>
        )
      )}

      <div className="flex flex-wrap justify-end gap-2">
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={showingRuns}
          aria-label={`Payments of ${label}`}
          onClick={() => setShowingRuns((value) => !value)}
        >
          Payment history ({schedule.runsPaid} paid)
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
        {(schedule.status === 'paused' || schedule.status === 'waiting') && (
          <Button
            size="sm"
            variant={schedule.status === 'waiting' ? 'default' : 'outline'}
            onClick={onResume}
            disabled={busy}
            aria-label={`Resume ${label}`}
          >
            {busy ? <Spinner /> : <Play />} Resume
          </Button>
        )}
        {open && (
          <Button
            size="sm"
            variant="outline"
            onClick={onCancel}
            disabled={busy}
            aria-label={`Cancel ${label}`}
          >
            <X /> Cancel
          </Button>
        )}
      </div>
      {showingRuns && <ScheduleRuns id={schedule.id} label={label} />}
    </li>
  );
}

/** Why a schedule waits, in a sentence: which period failed, after how many tries, and what the payment said. */
function waitingReason({ lastRun }: PaymentSchedule): string {
  if (!lastRun) return 'Its last payment failed.';
  const tries = `${lastRun.attempts} ${lastRun.attempts === 1 ? 'try' : 'tries'}`;
  const said = lastRun.message ? `: ${lastRun.message.replace(/[.!]?$/, '.')}` : '.';
  return `The payment of ${formatDay(lastRun.periodDate, 'short')} failed after ${tries}${said}`;
}
