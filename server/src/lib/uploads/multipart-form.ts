import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export interface MultipartForm {
  fields: Record<string, string>;
  /** Each expected file part that came with bytes, by its field name. */
  files: Record<string, UploadedFile>;
}

export interface UploadedFile {
  bytes: Buffer;
  /** The name the client gave the file: for display only, never a storage key or a type. */
  fileName: string;
}

export interface MultipartFormRules {
  /** The field names a file may come under; any other file part is refused. */
  fileFields: readonly string[];
  /** The same limit @fastify/multipart was registered with (`limits.fileSize`), for the message. */
  maxFileBytes: number;
  /** Says what to send: "Send the document as multipart/form-data". */
  notMultipart: string;
  /** Says which files are expected, after an unexpected one: "send front, back or selfie". */
  expectedFiles: string;
  /** Says the size limit per file: "Each image can be at most 10 MB". */
  tooLarge: string;
  /** Says how many parts may come: "Too many parts: send the three fields and up to three images". */
  tooManyParts: string;
}

/**
 * Reads a multipart upload (@fastify/multipart, registered by the calling module with its limits): text
 * fields, and files only under the expected names. A file over the limit is refused while it streams (413),
 * so nothing larger is ever held in memory.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  rules: MultipartFormRules,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rules.notMultipart);
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        form.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!rules.fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw new AppError(
          'VALIDATION_FAILED',
          `Unexpected file "${part.fieldname}": ${rules.expectedFiles}`,
        );
      }
      const bytes = await part.toBuffer();
      if (bytes.length > 0) form.files[part.fieldname] = { bytes, fileName: part.filename };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', rules.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('VALIDATION_FAILED', rules.tooManyParts);
    }
    // Nothing in this loop but the parser reads, and it reads only the client's bytes: whatever else it throws
    // (no boundary, one over busboy's 256-character limit, a body cut short or framed by another boundary) is
    // a malformed upload, the client's, and a 400.
    request.log.info({ err: error }, 'upload: unreadable multipart body');
    throw new AppError('VALIDATION_FAILED', 'The upload could not be read as multipart/form-data');
  }
  return form;
}
