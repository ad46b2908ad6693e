import type { PaymentRun, PaymentSchedule, ScheduledPaymentDue } from '@contract/payment-schedules';
import type { PaymentScheduleRow, PaymentScheduleRunRow } from '../../db/schema';

export function toRun(row: PaymentScheduleRunRow): PaymentRun {
  return {
    id: row.id,
    periodDate: row.period_date,
    outcome: row.outcome,
    attempts: Number(row.attempts),
    message: row.message,
    transactionId: row.transaction_id,
    at: row.updated_at,
  };
}

export function toSchedule(
  row: PaymentScheduleRow,
  lastRun: PaymentScheduleRunRow | undefined,
): PaymentSchedule {
  return {
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    fromCurrency: row.from_currency,
    toCurrency: row.to_currency,
    recipientEmail: row.recipient_email,
    description: row.description,
    cadence: row.cadence,
    firstDate: row.first_date,
    endDate: row.end_date,
    status: row.status,
    nextDate: row.status === 'cancelled' || row.status === 'finished' ? null : row.next_date,
    lastRun: lastRun ? toRun(lastRun) : null,
    runsPaid: Number(row.runs_paid),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Who or what a schedule pays, as the forecast names it. */
export const labelOf = (row: PaymentScheduleRow) =>
  row.kind === 'transfer' ? (row.recipient_email ?? '') : `${row.from_currency} → ${row.to_currency}`;

export function toDue(row: PaymentScheduleRow, date: string): ScheduledPaymentDue {
  return {
    scheduleId: row.id,
    date,
    kind: row.kind,
    amount: row.amount,
    fromCurrency: row.from_currency,
    toCurrency: row.to_currency,
    label: labelOf(row),
  };
}
