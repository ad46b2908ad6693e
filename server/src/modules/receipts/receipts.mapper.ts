import type { ReceiptInfo } from '@contract/receipts';
import type { ReceiptRow } from './receipts.repository';

type ReceiptFields = Pick<
  ReceiptRow,
  'transaction_id' | 'file_name' | 'content_type' | 'size' | 'created_at'
>;

export function toReceiptInfo(row: ReceiptFields): ReceiptInfo {
  return {
    transactionId: row.transaction_id,
    fileName: row.file_name,
    contentType: row.content_type as ReceiptInfo['contentType'],
    size: Number(row.size),
    uploadedAt: row.created_at,
  };
}
