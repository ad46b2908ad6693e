import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../errors';
import { looksLikePdf } from './pdf-structure';

/** What an upload may be: types as detected from its bytes (never its name), and its limits. */
export interface UploadRules {
  /** MIME types accepted, e.g. image/png, image/jpeg, image/webp, application/pdf. */
  types: readonly string[];
  maxBytes: number;
  /** Most pixels an image may declare: checked from its header, before anything is decoded. */
  maxPixels: number;
  /** How the messages name the file ("The front image", "The receipt"), and the `fields` key. */
  label: string;
  field: string;
  /** Says which types are accepted, for the messages: "a PNG, JPEG or WebP image". */
  typesInWords: string;
}

export interface CheckedFile {
  contentType: string;
  size: number;
  /** Images only: from the header. */
  width: number | null;
  height: number | null;
}

/**
 * An upload is what its bytes say it is (file-type), within the size limit; an image must have a header sharp
 * can read, within the pixel limit (a small file can declare a huge canvas that takes gigabytes to decode);
 * a PDF must have a PDF's structure, not only its first five bytes.
 */
export async function checkUpload(bytes: Buffer, rules: UploadRules): Promise<CheckedFile> {
  const { label, field } = rules;
  const megabytes = rules.maxBytes / (1024 * 1024);
  if (bytes.length > rules.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', `${label} can be at most ${megabytes} MB`, {
      [field]: `At most ${megabytes} MB`,
    });
  }
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !rules.types.includes(detected.mime)) {
    const message = `${label} is not ${rules.typesInWords} (its contents decide, not its name)`;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { [field]: `Not ${rules.typesInWords}` });
  }
  if (detected.mime === 'application/pdf') {
    if (!looksLikePdf(bytes)) {
      throw new AppError('VALIDATION_FAILED', `${label} could not be read as a PDF: it may be damaged`, {
        [field]: 'Could not be read',
      });
    }
    return { contentType: detected.mime, size: bytes.length, width: null, height: null };
  }
  // metadata() reads the header only: nothing is decoded here.
  const size = await sharp(bytes)
    .metadata()
    .catch(() => undefined);
  const { width, height } = size ?? {};
  if (!width || !height) {
    const message = `${label} could not be read: it may be damaged`;
    throw new AppError('VALIDATION_FAILED', message, { [field]: 'Could not be read' });
  }
  if (width * height > rules.maxPixels) {
    const limit = rules.maxPixels / 1_000_000;
    const message = `${label} is ${width}×${height} pixels: at most ${limit} megapixels`;
    throw new AppError('VALIDATION_FAILED', message, { [field]: `At most ${limit} megapixels` });
  }
  return { contentType: detected.mime, size: bytes.length, width, height };
}
