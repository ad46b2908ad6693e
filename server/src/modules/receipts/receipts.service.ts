import type { Kysely } from 'kysely';
import {
  RECEIPT_MAX_FILE_BYTES,
  RECEIPT_MAX_IMAGE_PIXELS,
  receiptTypes,
  type ReceiptInfo,
} from '@contract/receipts';
import { takesReceipt, type TransactionType } from '@contract/transactions';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, invalidFields, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { checkUpload } from '../../lib/uploads/checked-file';
import type { UploadedFile } from '../../lib/uploads/multipart-form';
import type { FileStorage } from '../storage/file-storage';
import { historyRowOf } from '../transactions/history';
import { receiptFileName } from './receipt-file-name';
import * as repo from './receipts.repository';
import { toReceiptInfo } from './receipts.mapper';

export interface ReceiptsDeps {
  db: Kysely<Database>;
  storage: FileStorage;
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;

const removeQuietly = (storage: FileStorage, keys: string[]) =>
  Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));

/** A receipt is checked exactly as a verification document is, and may also be a PDF. */
const receiptRules = {
  types: receiptTypes,
  maxBytes: RECEIPT_MAX_FILE_BYTES,
  maxPixels: RECEIPT_MAX_IMAGE_PIXELS,
  label: 'The receipt',
  field: 'file',
  typesInWords: 'a PDF or a PNG, JPEG or WebP image',
};

export function createReceiptsService({ db, storage }: ReceiptsDeps) {
  /** The user's own row that may take a receipt: another user's is a 404, money in or an exchange a 422. */
  async function outgoingRow(userId: string, transactionId: string) {
    const row = await historyRowOf(db, userId, transactionId);
    if (!row) throw notFound('Transaction');
    if (!takesReceipt(row.type as TransactionType)) {
      throw new AppError(
        'BUSINESS_RULE',
        'Receipts go on money you paid out: a transfer sent, a card payment or a fee',
      );
    }
    return row;
  }

  return {
    /**
     * Attaches (or replaces) the row's receipt. The file is checked, then written to storage before the
     * transaction and removed again if the transaction fails; the replaced file goes after commit. Nothing
     * is stored for a refused upload.
     */
    async attach(
      userId: string,
      transactionId: string,
      file: UploadedFile | undefined,
    ): Promise<ReceiptInfo> {
      const row = await outgoingRow(userId, transactionId);
      if (!file) throw invalidFields({ file: 'Choose a receipt to upload' });
      const checked = await checkUpload(file.bytes, receiptRules);
      const key = `receipts/${userId}/${newId()}`;
      const receipt = {
        transaction_id: row.id,
        user_id: userId,
        storage_key: key,
        file_name: receiptFileName(file.fileName, checked.contentType, row.id),
        content_type: checked.contentType,
        size: checked.size,
        transaction_at: row.created_at,
        created_at: new Date().toISOString(),
      };
      await storage.put(key, file.bytes, checked.contentType);
      let replaced: string | null;
      try {
        replaced = await db.transaction().execute(async (trx) => {
          const existing = await repo.findReceipt(trx, userId, row.id, true);
          if (existing) await repo.updateReceipt(trx, receipt);
          else await repo.insertReceipt(trx, receipt);
          return existing?.storage_key ?? null;
        });
      } catch (error) {
        await removeQuietly(storage, [key]);
        // Two first uploads to one row at once: the primary key keeps one; the other may simply try again.
        if (isUniqueViolation(error)) {
          throw new AppError('CONFLICT', 'Another receipt was saved for this payment at the same moment');
        }
        throw error;
      }
      if (replaced) await removeQuietly(storage, [replaced]);
      return toReceiptInfo(receipt);
    },

    /** The row's receipt file, for its owner; no receipt (or not theirs) is a 404. */
    async file(userId: string, transactionId: string) {
      const row = await repo.findReceipt(db, userId, transactionId);
      const bytes = row && (await storage.get(row.storage_key));
      if (!row || !bytes) throw notFound('Receipt');
      return { bytes, contentType: row.content_type, fileName: row.file_name };
    },

    /** Removes the row's receipt: the row first (committed), then the file. No receipt is a 404. */
    async remove(userId: string, transactionId: string): Promise<void> {
      const key = await repo.deleteReceipt(db, userId, transactionId);
      if (key === null) throw notFound('Receipt');
      await removeQuietly(storage, [key]);
    },

    /**
     * Auth's onUserRemoving hook: the rows go with the user (cascade), the files go here. Storage is not
     * transactional: should the removal roll back, the receipt rows stay and point at no file (a 404 on
     * download), which only a removed-then-restored user could meet.
     */
    async removeFilesOf(trx: Kysely<Database>, userId: string): Promise<void> {
      await removeQuietly(storage, await repo.storageKeysOf(trx, userId));
    },
  };
}
