import type { ReceiptsFace } from '../receipts/receipts';
import type { PackPart } from './pack-part';

const DAY_MS = 86_400_000;

/**
 * receipts/: every receipt attached to a payment made during the period, named by the payment's day and
 * history id (so two receipts called "invoice.pdf" never collide), oldest first, one file read at a time.
 */
export function receiptsPart(receipts: ReceiptsFace): PackPart {
  return {
    summary:
      'receipts/: every receipt attached to a payment made during the period, named by day and payment id.',
    async *entries({ userId, period }) {
      // The period's days are UTC and both ends are included: [from 00:00, the day after `to` 00:00).
      const since = `${period.from}T00:00:00.000Z`;
      const before = new Date(Date.parse(`${period.to}T00:00:00.000Z`) + DAY_MS).toISOString();
      for await (const receipt of receipts.receiptsForPeriod(userId, { since, before })) {
        yield {
          path: `receipts/${receipt.date.slice(0, 10)}-${receipt.transactionId}-${receipt.fileName}`,
          description: `Receipt for payment ${receipt.transactionId} of ${receipt.date.slice(0, 10)}`,
          content: receipt.content,
        };
      }
    },
  };
}
