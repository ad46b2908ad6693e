import { RECEIPT_FILE_NAME_MAX } from '@contract/receipts';

const extensions: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/**
 * The name a receipt is shown and downloaded under: the client's own name without any folder, control
 * characters, quotes or slashes, shortened, with the extension of what the bytes are (a PDF named
 * "photo.png" downloads as "photo.pdf"). Never a path or a storage key: those are ours.
 */
export function receiptFileName(clientName: string, contentType: string, transactionId: string): string {
  const extension = extensions[contentType] ?? 'bin';
  const base = clientName.split(/[\\/]/).at(-1) ?? '';
  const stem = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"*:<>?|]/gu, '')
    .replace(/\s+/g, ' ')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, RECEIPT_FILE_NAME_MAX - extension.length - 1)
    .trim();
  return `${stem || `receipt-${transactionId.slice(0, 8)}`}.${extension}`;
}

/**
 * A Content-Disposition that names the file for every browser: an ASCII fallback in `filename`, the real
 * name (any script) in RFC 6266's `filename*`.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
