import type { ReceiptsFace } from '../receipts/receipts';
import { historyMatch } from '../transactions/transactions.service';
import type { PackPart } from './pack-part';

/**
 * receipts/: every receipt attached to a payment made during the period, named by the payment's day and
 * history id (so two receipts called "invoice.pdf" never collide), oldest first, one file read at a time.
 */
export function receiptsPart(receipts: ReceiptsFace): PackPart {
  return {
    summary:
      'receipts/: every receipt attached to a payment made during the period, named by day and payment id.',
    async *entries({ userId, period }) {
      // The same UTC days, both ends included, as history.csv covers.
      const { since, before } = historyMatch(period);
      for await (const receipt of receipts.receiptsForPeriod(userId, { since: since!, before: before! })) {
        yield {
          path: `receipts/${receipt.date.slice(0, 10)}-${receipt.transactionId}-${receipt.fileName}`,
          description: `Receipt for payment ${receipt.transactionId} of ${receipt.date.slice(0, 10)}`,
          content: receipt.content,
        };
      }
    },
  };
}
