import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, PaymentScheduleRow } from '../../db/schema';
import { committedAnswer, type IdempotentRequest } from '../idempotency/idempotency';

/**
 * The idempotency key of one period's payment: a name-based UUID (the version-5 layout, over SHA-256) of the
 * schedule and the period. Every try of the period, in any process and after any restart, uses the same key,
 * so once a payment for it committed, a later try gets the stored answer back instead of paying again.
 */
export function periodKey(scheduleId: string, period: string): string {
  const bytes = createHash('sha256')
    .update(`payment-schedule:${scheduleId}:${period}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the payment is: two tries of a period with the same fingerprint are the same request. */
function fingerprintOf(row: PaymentScheduleRow): string {
  const body = [
    row.kind,
    row.amount,
    row.from_currency,
    row.to_currency,
    row.recipient_email,
    row.description,
  ];
  return createHash('sha256')
    .update(`payment-schedule\n${JSON.stringify(body)}`)
    .digest('hex');
}

/** The request a run of `row` for `period` makes, as its owner. */
export const runRequest = (row: PaymentScheduleRow, period: string): IdempotentRequest => ({
  userId: row.user_id,
  key: periodKey(row.id, period),
  fingerprint: fingerprintOf(row),
});

/**
 * The transaction a period's payment made, when one committed under the period's key: a process can stop
 * after the payment and before recording it, and its owner may pause and resume (or cancel) meanwhile.
 */
export async function committedPayment(
  db: Kysely<Database>,
  row: PaymentScheduleRow,
  period: string,
): Promise<{ transactionId: string | null } | undefined> {
  const answer = await committedAnswer(db, runRequest(row, period));
  if (!answer || answer.status >= 300) return undefined;
  const body = answer.body as { id?: string; transaction?: { id?: string } };
  return { transactionId: (row.kind === 'conversion' ? body.transaction?.id : body.id) ?? null };
}
