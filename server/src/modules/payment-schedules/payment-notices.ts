import { displayMoney, Money } from '@contract/money';
import type { PaymentScheduleRow } from '../../db/schema';
import type { MailMessage } from '../mail/mailer';
import type { Notice } from '../notifications/notifier';
import { labelOf } from './payment-schedules.mapper';

const amountOf = (row: PaymentScheduleRow) => displayMoney(Money.parse(row.amount, row.from_currency));
const what = (row: PaymentScheduleRow) =>
  row.kind === 'transfer'
    ? `${amountOf(row)} to ${row.recipient_email}`
    : `the conversion of ${amountOf(row)} (${labelOf(row)})`;

/** Told once, when a period's tries are used up and the schedule waits for its owner. */
export function waitingNotice(row: PaymentScheduleRow, period: string, reason: string): Notice {
  return {
    category: 'warning',
    type: 'payment',
    title: 'Scheduled payment not made',
    message: `The scheduled payment of ${what(row)} for ${period} failed: ${reason} It waits for you: resume it to try again.`,
    actionUrl: '/transfer/scheduled',
    actionText: 'Review',
  };
}

export function waitingMail(
  row: PaymentScheduleRow,
  period: string,
  reason: string,
  to: string,
  link: string,
): MailMessage {
  return {
    kind: 'payment-schedule-waiting',
    to,
    userId: row.user_id,
    subject: `A scheduled payment for ${period} was not made`,
    text:
      `Hello,\n\nthe scheduled payment of ${what(row)} for ${period} was tried and failed: ${reason}\n` +
      `The schedule waits for you. Add money or change it, then resume it: ${link}\n`,
    actionUrl: link,
    ref: `payment-schedule:${row.id}:${period}`,
  };
}
