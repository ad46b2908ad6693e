import type { FastifyRequest } from 'fastify';
import { documentSides, KYC_MAX_FILE_BYTES, type DocumentSide } from '@contract/kyc';
import { readMultipartForm } from '../../lib/uploads/multipart-form';

export interface DocumentsForm {
  fields: Record<string, string>;
  files: Partial<Record<DocumentSide, Buffer>>;
}

const MAX_MB = KYC_MAX_FILE_BYTES / (1024 * 1024);

/**
 * Reads the documents form: text fields, and files only under the names front, back and selfie. A file over
 * the limit is refused while it streams (413); the client's file name is never kept.
 */
export async function readDocumentsForm(request: FastifyRequest): Promise<DocumentsForm> {
  const form = await readMultipartForm(request, {
    fileFields: documentSides,
    maxFileBytes: KYC_MAX_FILE_BYTES,
    notMultipart: 'Send the document as multipart/form-data',
    expectedFiles: 'send front, back or selfie',
    tooLarge: `Each image can be at most ${MAX_MB} MB`,
    tooManyParts: 'Too many parts: send the three fields and up to three images',
  });
  const files = Object.fromEntries(
    Object.entries(form.files).map(([side, file]) => [side as DocumentSide, file.bytes]),
  );
  return { fields: form.fields, files };
}
