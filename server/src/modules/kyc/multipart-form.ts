import type { FastifyRequest } from 'fastify';
import { documentSides, KYC_MAX_FILE_BYTES, type DocumentSide } from '@contract/kyc';
import { AppError } from '../../lib/errors';

export interface DocumentsForm {
  fields: Record<string, string>;
  files: Partial<Record<DocumentSide, Buffer>>;
}

const MAX_MB = KYC_MAX_FILE_BYTES / (1024 * 1024);

/**
 * Reads the documents form (@fastify/multipart): text fields, and files only under the names front, back and
 * selfie. A file over the limit is refused while it streams (413); the client's file name is never kept.
 */
export async function readDocumentsForm(request: FastifyRequest): Promise<DocumentsForm> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the document as multipart/form-data');
  }
  const form: DocumentsForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        form.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!(documentSides as readonly string[]).includes(part.fieldname)) {
        part.file.resume();
        throw new AppError(
          'VALIDATION_FAILED',
          `Unexpected file "${part.fieldname}": send front, back or selfie`,
        );
      }
      const bytes = await part.toBuffer();
      if (bytes.length > 0) form.files[part.fieldname as DocumentSide] = bytes;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', `Each image can be at most ${MAX_MB} MB`);
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('VALIDATION_FAILED', 'Too many parts: send the three fields and up to three images');
    }
    // Nothing in this loop but the parser reads, and it reads only the client's bytes: whatever else it throws
    // (no boundary, one over busboy's 256-character limit, a body cut short or framed by another boundary) is
    // a malformed upload, the client's, and a 400.
    request.log.info({ err: error }, 'kyc upload: unreadable multipart body');
    throw new AppError('VALIDATION_FAILED', 'The upload could not be read as multipart/form-data');
  }
  return form;
}
