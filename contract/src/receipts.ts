import { z } from 'zod';
import { KYC_MAX_FILE_BYTES, KYC_MAX_IMAGE_PIXELS, kycImageTypes } from './kyc';

/**
 * Receipts on outgoing history rows (modules/receipts). One receipt per row: a new upload replaces the old
 * one. Checked as the verification documents are: the type by the file's bytes, the size, and an image's
 * pixels by its header before anything is decoded.
 *
 * POST   /api/transactions/:id/receipt  multipart/form-data with one file field `file` → 201 {@link ReceiptInfo}
 * GET    /api/transactions/:id/receipt  the file itself (its own content type, as an attachment)
 * DELETE /api/transactions/:id/receipt  → 204
 *
 * Another user's row, like an unknown one, is a 404; a row that does not take a receipt (money in, an
 * exchange, a goal) is a 422.
 */
export const RECEIPT_MAX_FILE_BYTES = KYC_MAX_FILE_BYTES;
export const RECEIPT_MAX_IMAGE_PIXELS = KYC_MAX_IMAGE_PIXELS;
/** What a receipt may be, as detected from its bytes: the images verification takes, and PDF. */
export const receiptTypes = [...kycImageTypes, 'application/pdf'] as const;
/** For a file picker's `accept`: a hint to the browser; the server decides by the bytes. */
export const receiptAccept = '.png,.jpg,.jpeg,.webp,.pdf,image/png,image/jpeg,image/webp,application/pdf';
/** The multipart field the file comes in. */
export const RECEIPT_FILE_FIELD = 'file';
/** Longest file name kept (for display and the download's name); longer ones are shortened. */
export const RECEIPT_FILE_NAME_MAX = 120;

export const receiptInfoSchema = z.object({
  transactionId: z.string(),
  fileName: z.string(),
  contentType: z.enum(receiptTypes),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type ReceiptInfo = z.infer<typeof receiptInfoSchema>;

export const attachedReceiptUrl = (transactionId: string) =>
  `/api/transactions/${encodeURIComponent(transactionId)}/receipt`;
